// The checks the API makes on a written property (server/src/resources/framework/body.ts),
// made by the form as the user types, from the same declaration and in the same words:
// obligatory, length, pattern, minimum.
// The API still checks everything; these only save a round trip and say it under the field.
import { maxLength, minValue, required, type Validator } from 'react-admin';
import {
  maxLengthFault,
  minimumFault,
  type PropertyDecl,
  patternFault,
  requiredFault,
} from '../../domain/schema/index.ts';

/** The value's pattern, tested as the API tests it: on the trimmed text, a blank left to `required`. */
function patternCheck(p: PropertyDecl): Validator {
  const regex = new RegExp(p.pattern?.regex ?? '');
  const message = patternFault(p);
  return (value: unknown) =>
    typeof value === 'string' && value.trim() !== '' && !regex.test(value.trim())
      ? message
      : undefined;
}

export function checksOf(p: PropertyDecl): Validator[] {
  return [
    ...(p.required ? [required(requiredFault(p))] : []),
    ...(p.maxLength ? [maxLength(p.maxLength, maxLengthFault(p))] : []),
    ...(p.pattern ? [patternCheck(p)] : []),
    ...(p.minimum !== undefined ? [minValue(p.minimum, minimumFault(p))] : []),
  ];
}

/** The checks of some properties of a class, by name: `checksFor(User, ['username', 'email'])`. */
export function checksFor<K extends string>(
  decl: { properties: Readonly<Record<K, PropertyDecl>> },
  names: readonly K[],
): Record<K, Validator[]> {
  return Object.fromEntries(names.map((name) => [name, checksOf(decl.properties[name])])) as Record<
    K,
    Validator[]
  >;
}

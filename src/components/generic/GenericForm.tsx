// Creation and edit of a plain class (`generic: true`): an input per property the class lets a
// client write, with the server's own checks (required, length) run before sending; the
// server's 422 violations come back on their fields, a concurrent change (412) as a toast. An
// input whose property applies only under other values (`onlyWhen`) shows only then; a field a
// record the product's code relies on keeps (the class's `kept`) is shown read-only.
import { useNotify, useRecordContext } from 'ra-core';
import { type ReactNode, useEffect, useRef } from 'react';
import { Create, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { applies, keptReasons, type PropertyDecl } from '../../domain/schema/types.ts';
import type { PageProps } from '../../resources/types.ts';
import { SpecEdit } from '../list/SpecEdit.tsx';
import { errorToast } from '../list/SpecList.tsx';
import { GenericDeleteButton } from './GenericShow.tsx';
import { inputOf, recordNameOf, useClass, writableProperties } from './parts.tsx';

/** The input, shown only while the form's values are those its property applies under. */
function Applicable({ property, children }: { property: PropertyDecl; children: ReactNode }) {
  const names = Object.keys(property.onlyWhen ?? {});
  const values = useWatch({ name: names });
  return applies(property, (name) => values[names.indexOf(name)]) ? children : null;
}

function Inputs() {
  const decl = useClass();
  const kept = keptReasons(decl, useRecordContext());
  return (
    <SimpleForm noValidate sx={{ maxWidth: '100%' }} toolbar={<FormToolbar />}>
      <FocusRefusedField />
      {writableProperties(decl).map(([name, p]) => {
        const input = inputOf(name, p, kept[name]);
        return p.onlyWhen ? (
          <Applicable key={name} property={p}>
            {input}
          </Applicable>
        ) : (
          input
        );
      })}
    </SimpleForm>
  );
}

/** Save, and on an edit the same « Supprimer » as the detail's (none for a kept record). */
function FormToolbar() {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <GenericDeleteButton />
    </Toolbar>
  );
}

/**
 * The server's refusal (a 422 on a field) takes the focus to that field, as a refusal of the
 * form's own checks does: the disabled save button would otherwise drop it to the page's start.
 * Once per save, so that typing elsewhere afterwards keeps its place.
 */
function FocusRefusedField() {
  const { formState, setFocus } = useFormContext();
  const { errors, submitCount } = formState;
  const handled = useRef(0);
  useEffect(() => {
    const first = Object.keys(errors)[0];
    if (first && submitCount !== handled.current) {
      handled.current = submitCount;
      setFocus(first);
    }
  }, [errors, submitCount, setFocus]);
  return null;
}

/** A failed save: the form shows field errors itself; anything else gets its toast. */
function useSaveError() {
  const decl = useClass();
  const notify = useNotify();
  return (error: unknown) => {
    const { status, message } = (error ?? {}) as { status?: number; message?: string };
    if (status === 422) return;
    const text =
      (status && status < 500 && message) ||
      decl.messages?.saveError ||
      "Une erreur est survenue durant l'enregistrement";
    notify(text, errorToast(text));
  };
}

export function GenericCreate({ title }: PageProps) {
  const onError = useSaveError();
  return (
    <Create title={title} redirect="show" mutationOptions={{ onError }}>
      <Inputs />
    </Create>
  );
}

export function GenericEdit({ title }: PageProps) {
  const decl = useClass();
  const onError = useSaveError();
  return (
    <SpecEdit
      title={title}
      recordName={recordNameOf}
      loadError={decl.messages?.loadError ?? 'Une erreur est survenue durant le chargement'}
      redirect="show"
      mutationOptions={{ onError }}
    >
      <Inputs />
    </SpecEdit>
  );
}

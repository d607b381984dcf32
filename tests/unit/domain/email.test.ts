// The one e-mail rule (src/domain/email.ts), read by the User declaration and the carte TP.
import { describe, expect, it } from 'vitest';
import { isEmailAddress } from '../../../src/domain/email.ts';
import { User } from '../../../src/domain/schema/user.ts';

describe('an e-mail address', () => {
  it('takes what a mail server routes', () => {
    for (const ok of ['ines.roux@exemple.fr', "o'neil+tp@mail.horizon-courtage.fr", 'A1@b2.io']) {
      expect(isEmailAddress(ok), ok).toBe(true);
    }
  });

  it('refuses a domain with an empty label, a hyphen at a label edge, a path, or no dot', () => {
    for (const bad of [
      'pas-une-adresse',
      'a b@exemple.fr',
      'x@exemple..fr',
      'x@-exemple.fr',
      'x@exemple-.fr',
      'x@exemple.fr/../evil',
      'x@exemple',
      'x@exemple.fr,y@exemple.fr',
      `${'a'.repeat(250)}@b.fr`,
    ]) {
      expect(isEmailAddress(bad), bad).toBe(false);
    }
  });

  it('is the rule of the User declaration', () => {
    const pattern = new RegExp(User.properties.email.pattern?.regex ?? '');
    expect(pattern.test('x@exemple..fr')).toBe(false);
    expect(pattern.test('ines.roux@exemple.fr')).toBe(true);
  });
});

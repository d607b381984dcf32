// The seeded users' family names are written as names are (server/src/db/seed/random.ts):
// faker's French list gives « Le roux », which the users list then showed as it was.
import { describe, expect, it } from 'vitest';
import { familyName } from '../../../server/src/db/seed/random.ts';

describe('familyName', () => {
  it('capitalises each part of a family name, leaving the rest as it is', () => {
    expect(familyName('Le roux')).toBe('Le Roux');
    expect(familyName('da silva')).toBe('Da Silva');
    expect(familyName('Lefèvre-dupont')).toBe('Lefèvre-Dupont');
    expect(familyName('Martin')).toBe('Martin');
    expect(familyName('Éloi')).toBe('Éloi');
  });
});

import { mergeTranslations, type TranslationMessages } from 'ra-core';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import frenchMessages from 'ra-language-french';
import { appMessages } from '../i18n/fr.ts';
import { layoutMessages } from '../i18n/layout.fr.ts';
import { resourceMessages } from '../i18n/resources.fr.ts';

// French only (spec partner-extranet §1): one locale, no switcher, so the locale cookie of §9 has
// nothing to remember.
export const messages = mergeTranslations(
  frenchMessages,
  appMessages,
  layoutMessages,
  resourceMessages,
) as TranslationMessages;

export const i18nProvider = polyglotI18nProvider(() => messages, 'fr', [
  { locale: 'fr', name: 'Français' },
]);

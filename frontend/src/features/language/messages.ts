import { defineMessage, defineMessages } from 'react-intl';

export const languageMessages = {
  ...defineMessages({
    'pt-BR': { id: 'language.ptBR', defaultMessage: 'Português (Brasil)' },
    en: { id: 'language.en', defaultMessage: 'English' },
  }),
  button: defineMessage<{ language: string }>({ id: 'language.button', defaultMessage: 'Language: {language}' }),
};

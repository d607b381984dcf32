// French messages of the layout, menu, home, placeholder and error pages, merged into the
// polyglot French messages. Resource names and menu labels are read from the declarations, so
// they are written once (src/resources).
import { DECLARATIONS } from '../resources/index.ts';

const resourceNames = Object.fromEntries(
  DECLARATIONS.filter((d) => d.isResource).map((d) => [
    d.name,
    { name: `${d.label.one} |||| ${d.label.many}` },
  ]),
);

const menuEntries = Object.fromEntries(
  DECLARATIONS.flatMap((d) =>
    d.routes.flatMap((r) => (r.menu?.entry ? [[d.name, r.menu.entry.label]] : [])),
  ),
);

export const layoutMessages = {
  resources: resourceNames,
  layout: {
    loading: 'Chargement...',
    skipToContent: 'Aller au contenu principal',
    header: {
      home: 'Accueil',
      logout: 'Se déconnecter',
      profile: 'Mon profil',
    },
    menu: {
      label: 'Menu principal',
      open: 'Ouvrir le menu',
      close: 'Fermer le menu',
      entries: menuEntries,
    },
    footer: {
      label: 'Pied de page',
      copyright: '© 2024',
      legal: 'Mentions légales',
    },
    signIn: {
      imageAlt: 'Illustration',
    },
    crash: {
      title: 'Oops...une erreur est survenue',
      message: "L'affichage de cette page a échoué.",
      retry: 'Réessayer',
    },
    // A page whose code could not be fetched while the server did not answer (an outage, not a
    // deployment): said in the app, instead of reloading onto the browser's own error page.
    unreachable: {
      title: 'Espace partenaire indisponible',
      message:
        "Le service ne répond pas pour le moment : cette page n'a pas pu être chargée. Merci de réessayer dans quelques instants.",
      still: 'Le service ne répond toujours pas.',
      retry: 'Réessayer',
    },
    home: {
      welcome: 'Bienvenue sur votre espace partenaire',
      intro: 'Retrouvez ici vos produits, souscripteurs, contrats et assurés.',
      shortcuts: 'Accès rapides',
    },
    placeholder: {
      soon: 'Cette page sera disponible prochainement.',
    },
    errors: {
      backHome: "Retour à l'accueil",
      signInAgain: 'Se reconnecter',
      // spec partner-extranet §2 and §8 ('This page could not be found'), in French (issue 17 #10).
      notFound: 'Cette page est introuvable',
      pages: {
        400: { title: 'Requête invalide', message: 'La demande envoyée est incorrecte.' },
        403: {
          title: 'Accès refusé',
          message: "Vous n'avez pas accès à cette ressource.",
        },
        404: {
          title: 'Page introuvable',
          message: "La page demandée n'existe pas ou a été déplacée.",
        },
        405: { title: 'Action non autorisée', message: '' },
        500: {
          title: 'Erreur du serveur',
          message: 'Une erreur est survenue sur le serveur. Veuillez réessayer plus tard.',
        },
        desynchronized: {
          title: 'Session désynchronisée',
          message:
            "Votre session ne correspond plus à celle du service d'authentification. Reconnectez-vous pour continuer.",
        },
      },
    },
  },
};

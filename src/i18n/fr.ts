// French messages of the app shell, the session pages and the maintenance page. The layout's
// messages live beside this file (layout.fr.ts); both are merged into ra-language-french.
import { GENERIC_FAILURE } from '../providers/failures.ts';

export const appMessages = {
  ra: {
    action: {
      // A list's reset returns to its default filters (src/components/list/FilterDefaults.tsx).
      remove_all_filters: 'Réinitialiser les filtres',
      // The word of every hand-made screen (ra-language-french says « Éditer »).
      edit: 'Modifier',
    },
    notification: {
      // spec partner-extranet §8: the generic failure toast.
      http_error: GENERIC_FAILURE,
    },
    message: {
      // A save the server refused field by field (422, 409): each message is under its field;
      // the toast says where to look (ra-language-french: « Le formulaire n'est pas valide. »).
      invalid_form: 'Le formulaire contient des erreurs : corrigez les champs signalés.',
    },
  },
  app: {
    title: 'Espace partenaire',
    loading: 'Chargement...',
    failure: GENERIC_FAILURE,
  },
  session: {
    signIn: 'Se connecter',
    signInAgain: 'Se reconnecter',
    backHome: "Retour à l'accueil",
    redirecting: 'Redirection vers la page de connexion...',
    callback: 'Connexion en cours...',
    loggingOut: 'Déconnexion en cours...',
    signInUnavailable:
      'Le service de connexion ne répond pas. Vérifiez votre connexion puis réessayez.',
    retry: 'Réessayer',
    accountRefused: {
      title: "Votre compte n'a plus accès à l'espace partenaire",
      text: 'Votre compte a peut-être été désactivé pendant votre session. Contactez votre administrateur, ou reconnectez-vous.',
    },
    tokenExpired: {
      title: 'Votre session a expiré',
      text: "Pour votre sécurité, la session prend fin lorsqu'elle ne peut plus être prolongée. Reconnectez-vous pour reprendre là où vous en étiez.",
    },
    loginError: {
      title: 'Erreur de connexion',
      text: "La connexion n'a pas abouti : la demande était incomplète, a expiré ou a été refusée par le service d'authentification.",
      hint: "Réessayez ; si le problème persiste, contactez votre administrateur en indiquant l'heure de la tentative.",
      retry: 'Réessayer la connexion',
    },
    finaliseAccount: {
      title: 'Finaliser votre compte',
      text: 'La création de votre mot de passe et la finalisation de votre compte se font à partir du lien reçu par e-mail. Si ce lien a expiré, demandez-en un nouveau à votre administrateur.',
      // With the link's ?token= (FinaliseAccountPage.tsx).
      resetTitle: 'Choisir un nouveau mot de passe',
      hello: 'Bonjour %{firstname},',
      helloAnonymous: 'Bonjour,',
      invitation: 'Choisissez le mot de passe de votre compte « %{username} ».',
      reset: 'Choisissez le nouveau mot de passe de votre compte « %{username} ».',
      expires: "Ce lien ne sert qu'une fois ; il est valable jusqu'au %{date}.",
      password: 'Mot de passe',
      repeat: 'Confirmez le mot de passe',
      submit: 'Enregistrer mon mot de passe',
      repeatRequired: 'Confirmez le mot de passe.',
      done: 'Votre mot de passe est enregistré.',
      doneText: 'Connectez-vous avec votre identifiant « %{username} » et ce mot de passe.',
      goneTitle: 'Lien expiré ou déjà utilisé',
      elsewhereTitle: "Votre mot de passe est géré par votre fournisseur d'identité",
      gone: "Ce lien n'est plus valable. Demandez un nouveau lien à votre administrateur.",
      failure: 'Une erreur est survenue. Vérifiez votre connexion puis réessayez.',
    },
    resetPassword: {
      title: 'Réinitialiser votre mot de passe',
      text: "Votre mot de passe est géré par le service d'authentification, pas par l'espace partenaire. Changez-le depuis la page de connexion, ou demandez une réinitialisation à votre administrateur si vous l'avez oublié.",
    },
    loginBackup: {
      title: 'Connexion de secours',
      text: "L'espace partenaire n'a plus de formulaire de connexion propre : toutes les connexions passent par le service d'authentification. Utilisez le bouton ci-dessous.",
    },
    public: {
      title: 'Bienvenue sur votre espace partenaire',
      text: 'Produits, souscripteurs, contrats, assurés, cotisations et commissions : connectez-vous pour retrouver votre portefeuille.',
    },
  },
  maintenance: {
    title: 'Site en maintenance',
    text: "L'espace partenaire est momentanément indisponible pendant une opération de maintenance. Vos données ne sont pas affectées.",
    hint: 'Merci de réessayer dans quelques minutes.',
    retry: 'Réessayer',
    checking: 'Vérification en cours...',
    // administration §8: the maintenance flag could not be read.
    failure: 'Une erreur est survenue : maintenance',
  },
};

import { Link } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { PageHeading } from '../../layout/PageTitle.tsx';
import { PublicLayout } from '../../layout/PublicLayout.tsx';
import { LegalSection } from './LegalSection.tsx';

/**
 * Legal notice of the extranet (spec partner-extranet §2): publisher, host, insurance
 * intermediary, personal data and cookies. Public: shown outside the app layout, signed in or
 * not. The configuration names no company (only the brand): the publisher is described as the
 * operator, without made-up details. What it says of personal data, cookies and browser storage
 * is what the product does (server/src/http/spa.ts, server/src/auth/oidc/provider.ts,
 * src/providers/auth, src/providers/responseCache.ts: the cached lists in memory only).
 */
export default function LegalNoticePage() {
  const brand = useTheme().brand?.name ?? '';
  const space = brand ? `L’espace partenaire ${brand}` : 'L’espace partenaire';
  return (
    <PublicLayout>
      <PageHeading gutterBottom>Mentions légales</PageHeading>

      <LegalSection title="Éditeur du site">
        <p>
          {space} est un service réservé aux partenaires (vendeurs, managers, administrateurs) de
          l’intermédiaire en assurance santé et prévoyance qui l’exploite
          {brand ? ` sous la marque ${brand}` : ''}. Cet exploitant en est l’éditeur et le directeur
          de la publication est son représentant légal.
        </p>
        <p>
          Sa raison sociale, son siège social et son immatriculation figurent dans la convention de
          partenariat qui vous lie à lui ; ils vous sont communiqués sur simple demande auprès de
          votre interlocuteur habituel ou de l’administrateur de votre compte.
        </p>
      </LegalSection>

      <LegalSection title="Intermédiaire en assurance">
        <p>
          L’exploitant est un intermédiaire en assurance immatriculé au registre unique des
          intermédiaires en assurance, banque et finance (ORIAS). Son immatriculation, dont le
          numéro figure dans la convention de partenariat, peut être vérifiée sur le site{' '}
          <Link href="https://www.orias.fr" rel="noopener noreferrer">
            www.orias.fr
          </Link>
          . Il est soumis au contrôle de l’Autorité de contrôle prudentiel et de résolution (ACPR),
          4 place de Budapest, CS 92459, 75436 Paris Cedex 09.
        </p>
      </LegalSection>

      <LegalSection title="Hébergeur">
        <p>
          L’application et sa base de données sont hébergées sur les serveurs que l’exploitant a
          choisis pour ce service. Le nom et l’adresse de l’hébergeur sont communiqués sur simple
          demande auprès de l’exploitant.
        </p>
      </LegalSection>

      <LegalSection title="Propriété intellectuelle">
        <p>
          Les contenus de l’espace partenaire (textes, marques, logos, présentation) sont protégés
          par le droit de la propriété intellectuelle. Toute reproduction ou représentation, totale
          ou partielle, sans autorisation écrite préalable de l’éditeur est interdite.
        </p>
      </LegalSection>

      <LegalSection title="Données personnelles">
        <p>
          L’exploitant est responsable des traitements de données personnelles de l’espace
          partenaire, conformément au règlement (UE) 2016/679 (RGPD) et à la loi n° 78-17 du 6
          janvier 1978 modifiée (« Informatique et Libertés »). Le service conserve :
        </p>
        <ul>
          <li>
            les comptes des utilisateurs : identifiant, civilité, nom, prénom, adresse e-mail,
            fonction, organisation, pôle, code vendeur, droits et groupes d’accès, activation du
            compte, date de dernière connexion, ainsi que l’historique des modifications de droits ;
          </li>
          <li>
            les contrats collectifs et leurs souscripteurs (entreprises), les apporteurs, les
            compagnies, les produits et les commissions des partenaires ;
          </li>
          <li>
            les assurés et leurs ayants droit : nom, prénom, sexe, date de naissance, numéro de
            sécurité sociale, code postal et ville, situation familiale, adhésions, cotisations, et
            les prestations de leur complémentaire santé (dates, familles d’actes, montants
            remboursés), qui sont des données de santé ;
          </li>
          <li>
            le journal des imports d’utilisateurs : le fichier importé, qui l’a importé et quand, et
            le résultat de chaque ligne ; les fichiers d’export (Excel, CSV) sont conservés 24
            heures pour leur seul demandeur.
          </li>
        </ul>
        <p>
          Finalités : permettre aux partenaires de se connecter et de consulter, dans la limite de
          leurs droits, les contrats, les assurés, les cotisations, les prestations et les
          commissions de leur portefeuille ; administrer les comptes et les droits ; sécuriser le
          service. Bases légales : l’exécution de la convention de partenariat, les obligations
          légales de l’intermédiaire en assurance et son intérêt légitime à sécuriser le service.
          Chaque utilisateur ne voit que son propre portefeuille. Les données sont destinées aux
          seuls services habilités de l’exploitant, à ses partenaires dans la limite de leurs droits
          et à ses sous-traitants techniques ; elles sont conservées pendant la durée de la relation
          puis pendant les délais de prescription légaux.
        </p>
        <p>
          Vous disposez d’un droit d’accès, de rectification, d’effacement, de limitation,
          d’opposition et de portabilité de vos données, ainsi que du droit de définir des
          directives relatives à leur sort après votre décès. Pour les exercer, adressez-vous à
          l’exploitant, par l’intermédiaire de l’administrateur de votre compte ou de son délégué à
          la protection des données (DPO) dont les coordonnées figurent dans la convention de
          partenariat, en joignant un justificatif d’identité si un doute existe sur celle-ci. Les
          assurés exercent leurs droits auprès de l’organisme qui gère leur contrat.
        </p>
        <p>
          Vous pouvez également introduire une réclamation auprès de la Commission nationale de
          l’informatique et des libertés (CNIL), 3 place de Fontenoy, TSA 80715, 75334 Paris Cedex
          07,{' '}
          <Link href="https://www.cnil.fr" rel="noopener noreferrer">
            www.cnil.fr
          </Link>
          .
        </p>
      </LegalSection>

      <LegalSection title="Cookies">
        <p>
          L’espace partenaire n’utilise que des cookies et un stockage dans le navigateur
          strictement nécessaires à son fonctionnement. Aucun ne sert à la mesure d’audience ni à la
          publicité : à ce titre, ils ne requièrent pas votre consentement (article 82 de la loi «
          Informatique et Libertés »).
        </p>
        <ul>
          <li>
            <code>locale</code> : la langue d’affichage (le français, seule langue proposée), déposé
            à l’ouverture de l’application et conservé 365 jours.
          </li>
          <li>
            <code>ep_session</code> : votre connexion auprès du service d’authentification, au plus
            10 heures après la connexion ; <code>ep_interaction</code> et <code>ep_resume</code> :
            le temps de la page de connexion, au plus une heure. Ces cookies, accompagnés de leur
            signature (<code>.sig</code>), ne sont pas lisibles par les scripts de la page. Lorsque
            l’authentification est confiée au service d’authentification unique de l’exploitant,
            celui-ci dépose ses propres cookies de session.
          </li>
          <li>
            Stockage de session du navigateur : les jetons de connexion (valables 5 minutes,
            renouvelés pendant la session), effacés à la fermeture de l’onglet et à la déconnexion.
          </li>
          <li>
            Stockage local du navigateur : vos seules préférences d’affichage (menu, colonnes
            choisies), sans aucune donnée des contrats, des assurés ni des utilisateurs.
          </li>
          <li>
            Mémoire de l’onglet : les listes de référence déjà lues (états et types de contrat,
            produits, apporteurs…), gardées au plus 3 heures, jamais écrites dans le navigateur et
            effacées à la déconnexion, après chaque modification et à la fermeture de l’onglet.
          </li>
        </ul>
        <p>
          Vous pouvez les supprimer depuis les réglages de votre navigateur ; l’accès à l’espace
          partenaire demandera alors une nouvelle connexion.
        </p>
      </LegalSection>

      <LegalSection title="Droit applicable">
        <p>
          Les présentes mentions sont régies par le droit français. Dernière mise à jour : 26
          novembre 2026.
        </p>
      </LegalSection>
    </PublicLayout>
  );
}

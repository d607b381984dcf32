import { Alert, Link, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { PublicLayout } from '../../layout/PublicLayout.tsx';
import { LegalSection } from './LegalSection.tsx';
import { ToComplete } from './ToComplete.tsx';

/**
 * Legal notice of the extranet (spec partner-extranet §2): publisher, host, insurance
 * intermediary registration, personal data and cookies. Public: shown outside the app layout,
 * signed in or not. Company details are placeholders, marked, for the operator to fill in.
 */
export default function LegalNoticePage() {
  const brand = useTheme().brand?.name ?? '';
  return (
    <PublicLayout>
      <Typography component="h1" variant="h3" gutterBottom>
        Mentions légales
      </Typography>
      <Alert severity="warning" sx={{ mb: 4 }}>
        Les informations signalées « À compléter » sont des exemples fictifs : elles doivent être
        remplacées par les informations réelles de l’exploitant avant la mise en production.
      </Alert>

      <LegalSection title="Éditeur du site">
        <p>
          L’espace partenaire {brand} est édité par <ToComplete>raison sociale</ToComplete>,{' '}
          <ToComplete>forme juridique</ToComplete> au capital de{' '}
          <ToComplete>montant du capital social</ToComplete> €, dont le siège social est situé{' '}
          <ToComplete>adresse du siège social</ToComplete>, immatriculée au registre du commerce et
          des sociétés de <ToComplete>ville du greffe</ToComplete> sous le numéro{' '}
          <ToComplete>numéro RCS</ToComplete>.
        </p>
        <ul>
          <li>
            Numéro de TVA intracommunautaire : <ToComplete>numéro de TVA</ToComplete>
          </li>
          <li>
            Directeur de la publication : <ToComplete>nom et fonction</ToComplete>
          </li>
          <li>
            Contact : <ToComplete>adresse électronique</ToComplete> –{' '}
            <ToComplete>numéro de téléphone</ToComplete>
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="Intermédiaire en assurance">
        <p>
          <ToComplete>raison sociale</ToComplete> est un intermédiaire en assurance immatriculé au
          registre unique des intermédiaires en assurance, banque et finance (ORIAS) sous le numéro{' '}
          <ToComplete>numéro ORIAS</ToComplete>, en qualité de{' '}
          <ToComplete>catégorie : courtier en assurance, mandataire…</ToComplete>. Cette
          immatriculation peut être vérifiée sur le site{' '}
          <Link href="https://www.orias.fr" rel="noopener noreferrer">
            www.orias.fr
          </Link>
          .
        </p>
        <p>
          Conformément au Code des assurances, l’intermédiaire dispose d’une assurance de
          responsabilité civile professionnelle et d’une garantie financière :{' '}
          <ToComplete>assureur et numéro de contrat</ToComplete>.
        </p>
        <p>
          Il est soumis au contrôle de l’Autorité de contrôle prudentiel et de résolution (ACPR), 4
          place de Budapest, CS 92459, 75436 Paris Cedex 09.
        </p>
        <p>
          Réclamations : <ToComplete>adresse du service réclamations</ToComplete>. En cas de
          désaccord persistant, le médiateur compétent peut être saisi :{' '}
          <ToComplete>nom et adresse du médiateur</ToComplete>.
        </p>
      </LegalSection>

      <LegalSection title="Hébergeur">
        <p>
          Le site est hébergé par <ToComplete>nom de l’hébergeur</ToComplete>,{' '}
          <ToComplete>adresse de l’hébergeur</ToComplete>,{' '}
          <ToComplete>téléphone de l’hébergeur</ToComplete>.
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
          Les données personnelles traitées dans l’espace partenaire (identité et coordonnées des
          utilisateurs, données des contrats, des assurés et des commissions) le sont par{' '}
          <ToComplete>raison sociale</ToComplete>, responsable de traitement, conformément au
          règlement (UE) 2016/679 (RGPD) et à la loi n° 78-17 du 6 janvier 1978 modifiée («
          Informatique et Libertés »).
        </p>
        <p>
          Finalités : gestion des accès des partenaires, consultation et gestion des contrats
          collectifs, des assurés, des cotisations, des prestations et des commissions. Bases
          légales : exécution des contrats conclus avec les partenaires, respect des obligations
          légales de l’intermédiaire et intérêt légitime à sécuriser le service. Les données sont
          destinées aux seuls services habilités de l’éditeur, à ses partenaires dans la limite de
          leurs droits d’accès et à ses sous-traitants techniques, et sont conservées pendant la
          durée de la relation puis pendant les délais de prescription légaux :{' '}
          <ToComplete>durées de conservation</ToComplete>.
        </p>
        <p>
          Vous disposez d’un droit d’accès, de rectification, d’effacement, de limitation,
          d’opposition et de portabilité de vos données, ainsi que du droit de définir des
          directives relatives à leur sort après votre décès. Pour les exercer, écrivez au délégué à
          la protection des données (DPO) : <ToComplete>adresse électronique du DPO</ToComplete> ou{' '}
          <ToComplete>adresse postale du DPO</ToComplete>, en joignant un justificatif d’identité si
          un doute existe sur celle-ci.
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
          L’espace partenaire n’utilise que des cookies et traceurs strictement nécessaires à son
          fonctionnement : maintien de la session et de l’authentification, et mémorisation de la
          langue d’affichage (conservée 365 jours). Ils ne servent ni à la mesure d’audience ni à la
          publicité et, à ce titre, ne requièrent pas votre consentement (article 82 de la loi «
          Informatique et Libertés »). Vous pouvez les supprimer depuis les réglages de votre
          navigateur ; l’accès à l’espace partenaire demandera alors une nouvelle connexion.
        </p>
      </LegalSection>

      <LegalSection title="Droit applicable">
        <p>
          Les présentes mentions sont régies par le droit français. Dernière mise à jour :{' '}
          <ToComplete>date</ToComplete>.
        </p>
      </LegalSection>
    </PublicLayout>
  );
}

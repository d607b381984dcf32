// The Hydra properties of a premium (spec partner-extranet §3), for /api/docs.jsonld.
import type { HydraProperty } from '../../hydra/registry.ts';

const date = (name: string, title: string): HydraProperty => ({ name, range: 'xmls:date', title });
const amount = (name: string, title: string): HydraProperty => ({
  name,
  range: 'xmls:decimal',
  title,
});

export const PREMIUM_PROPERTIES: HydraProperty[] = [
  { name: 'status', range: 'xmls:string', title: 'Statut', required: true },
  { name: 'lbStatus', range: 'xmls:string', title: 'Statut (libellé)' },
  date('dtDebVal', 'Début de période'),
  date('dtFinVal', 'Fin de période'),
  date('dtLimReg', 'Date limite de règlement'),
  date('dtPaiement', 'Date de paiement'),
  date('dtEcheance', "Date d'échéance"),
  date('dtImpaye', "Date d'impayé"),
  date('dtDemeure', 'Date de mise en demeure'),
  date('dtRappel', 'Date de rappel'),
  date('dtBloqPrestaPrevi', 'Blocage des prestations prévoyance'),
  date('dtResiPrevi', 'Résiliation prévoyance'),
  { name: 'insured', range: '#Insured', title: 'Assuré' },
  { name: 'paidByClient', range: 'xmls:boolean', title: 'Payée par le souscripteur' },
  { name: 'typeCotisation', range: 'xmls:string', title: 'Type de cotisation' },
  amount('numFraisGes', 'Frais de gestion'),
  amount('numFraisImpay', 'Frais d’impayé'),
  amount('numTotalCot', 'Total'),
  amount('numMontant', 'Montant'),
  amount('amountPaid', 'Montant payé'),
  amount('remaining', 'Reste à payer'),
  { name: 'numRelance', range: 'xmls:integer', title: 'Relances' },
  { name: 'lbModePaie', range: 'xmls:string', title: 'Mode de paiement' },
  { name: 'destinataire', range: 'xmls:string', title: 'Destinataire' },
  { name: 'contrat', range: '#Contract', title: 'Contrat' },
];

// The Hydra properties of the insured person (spec partner-extranet §3), for /api/docs.jsonld.
import type { HydraProperty } from '../../hydra/registry.ts';

export const INSURED_PROPERTIES: HydraProperty[] = [
  { name: 'firstname', range: 'xmls:string', title: 'Prénom', required: true },
  { name: 'lastname', range: 'xmls:string', title: 'Nom', required: true },
  { name: 'gender', range: 'xmls:string', title: 'Civilité' },
  { name: 'lbGender', range: 'xmls:string', title: 'Civilité (libellé)' },
  { name: 'idGender', range: 'xmls:integer', title: 'Code civilité' },
  { name: 'sex', range: 'xmls:string', title: 'Sexe' },
  { name: 'lbSex', range: 'xmls:string', title: 'Sexe (libellé)' },
  { name: 'postalCode', range: 'xmls:string', title: 'Code postal' },
  { name: 'addressLocality', range: 'xmls:string', title: 'Ville' },
  { name: 'link', range: 'xmls:string', title: 'Lien' },
  { name: 'lbLien', range: 'xmls:string', title: 'Lien (libellé)' },
  { name: 'lbSitFam', range: 'xmls:string', title: 'Situation de famille' },
  { name: 'dtBirthday', range: 'xmls:date', title: 'Date de naissance' },
  { name: 'noss', range: 'xmls:string', title: 'Numéro de sécurité sociale' },
  { name: 'nossKey', range: 'xmls:string', title: 'Clé du numéro de sécurité sociale' },
  { name: 'startAt', range: 'xmls:date', title: "Date d'affiliation" },
  { name: 'customer', range: '#Customer', title: 'Souscripteur' },
  { name: 'beneficiaires', range: '#Beneficiary', title: 'Ayants droit', many: true },
  { name: 'subscriptions', range: '#Subscription', title: 'Adhésions', many: true },
];

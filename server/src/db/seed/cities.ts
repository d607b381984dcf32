// Real French cities with a postal code and the INSEE code of the commune, so that seeded
// addresses (postal code + city) and places of birth (NIR) match. Paris, Lyon and Marseille
// are listed by arrondissement, as INSEE records births there.
export interface FrenchCity {
  name: string;
  postalCode: string;
  insee: string;
}

const rows: ReadonlyArray<readonly [string, string, string]> = [
  ['Paris', '75008', '75108'],
  ['Paris', '75011', '75111'],
  ['Paris', '75015', '75115'],
  ['Lyon', '69003', '69383'],
  ['Lyon', '69007', '69387'],
  ['Marseille', '13008', '13208'],
  ['Toulouse', '31000', '31555'],
  ['Nice', '06000', '06088'],
  ['Nantes', '44000', '44109'],
  ['Strasbourg', '67000', '67482'],
  ['Montpellier', '34000', '34172'],
  ['Bordeaux', '33000', '33063'],
  ['Lille', '59000', '59350'],
  ['Rennes', '35000', '35238'],
  ['Reims', '51100', '51454'],
  ['Le Havre', '76600', '76351'],
  ['Saint-Étienne', '42000', '42218'],
  ['Toulon', '83000', '83137'],
  ['Grenoble', '38000', '38185'],
  ['Dijon', '21000', '21231'],
  ['Angers', '49000', '49007'],
  ['Nîmes', '30000', '30189'],
  ['Villeurbanne', '69100', '69266'],
  ['Clermont-Ferrand', '63000', '63113'],
  ['Le Mans', '72000', '72181'],
  ['Aix-en-Provence', '13100', '13001'],
  ['Brest', '29200', '29019'],
  ['Tours', '37000', '37261'],
  ['Amiens', '80000', '80021'],
  ['Limoges', '87000', '87085'],
  ['Annecy', '74000', '74010'],
  ['Perpignan', '66000', '66136'],
  ['Metz', '57000', '57463'],
  ['Besançon', '25000', '25056'],
  ['Orléans', '45000', '45234'],
  ['Rouen', '76000', '76540'],
  ['Mulhouse', '68100', '68224'],
  ['Caen', '14000', '14118'],
  ['Nancy', '54000', '54395'],
  ['Poitiers', '86000', '86194'],
  ['Pau', '64000', '64445'],
  ['La Rochelle', '17000', '17300'],
  ['Versailles', '78000', '78646'],
  ['Avignon', '84000', '84007'],
  ['Colmar', '68000', '68066'],
  ['Troyes', '10000', '10387'],
  ['Chambéry', '73000', '73065'],
  ['Valence', '26000', '26362'],
  ['Quimper', '29000', '29232'],
  ['Vannes', '56000', '56260'],
  ['Lorient', '56100', '56121'],
  ['Niort', '79000', '79191'],
  ['Bayonne', '64100', '64102'],
  ['Angoulême', '16000', '16015'],
];

export const FRENCH_CITIES: readonly FrenchCity[] = rows.map(([name, postalCode, insee]) => ({
  name,
  postalCode,
  insee,
}));

/**
 * Reference zones of Cameroon: the country, its ten regions (with their official
 * codes) and their main towns. The first town of each region is its capital.
 */
export interface RegionSeed {
  code: string;
  name: string;
  towns: string[];
}

export const CAMEROON = { code: 'CM', name: 'Cameroun' };

export const CAMEROON_REGIONS: RegionSeed[] = [
  { code: 'AD', name: 'Adamaoua', towns: ['Ngaoundéré', 'Meiganga', 'Tibati', 'Banyo', 'Tignère'] },
  { code: 'CE', name: 'Centre', towns: ['Yaoundé', 'Mbalmayo', 'Obala', 'Bafia', 'Mfou', 'Nanga-Eboko'] },
  { code: 'ES', name: 'Est', towns: ['Bertoua', 'Batouri', 'Abong-Mbang', 'Yokadouma'] },
  { code: 'EN', name: 'Extrême-Nord', towns: ['Maroua', 'Kousséri', 'Mokolo', 'Yagoua', 'Mora', 'Kaélé'] },
  { code: 'LT', name: 'Littoral', towns: ['Douala', 'Nkongsamba', 'Edéa', 'Loum', 'Manjo', 'Yabassi'] },
  { code: 'NO', name: 'Nord', towns: ['Garoua', 'Guider', 'Figuil', 'Poli', 'Tcholliré'] },
  { code: 'NW', name: 'Nord-Ouest', towns: ['Bamenda', 'Kumbo', 'Wum', 'Ndop', 'Nkambé'] },
  { code: 'OU', name: 'Ouest', towns: ['Bafoussam', 'Dschang', 'Foumban', 'Mbouda', 'Bafang', 'Bangangté'] },
  { code: 'SU', name: 'Sud', towns: ['Ebolowa', 'Kribi', 'Sangmélima', 'Ambam'] },
  { code: 'SW', name: 'Sud-Ouest', towns: ['Buea', 'Limbé', 'Kumba', 'Tiko', 'Mamfe'] },
];

import type { LegalDocumentContent } from './legal.types';

export const privacyFr: LegalDocumentContent = {
  title: 'Politique de confidentialité',
  updated: '2026-11-22',
  intro:
    "La présente politique explique quelles données personnelles la plateforme Enquêtes traite, pourquoi, pendant combien de temps et comment vous pouvez exercer vos droits. Elle s'applique à toute personne qui utilise la plateforme : membres des entreprises clientes (administrateurs, agents, partenaires), répondants aux formulaires et visiteurs.",
  sections: [
    {
      heading: '1. Qui traite vos données',
      paragraphs: [
        "La plateforme est un service partagé entre plusieurs entreprises clientes. Chaque entreprise décide des enquêtes qu'elle crée, des personnes qu'elle invite et des réponses qu'elle collecte : pour ces données, elle est responsable du traitement et l'éditeur de la plateforme agit comme sous-traitant, sur ses instructions.",
        "Pour les données nécessaires au fonctionnement du service lui-même (comptes, sécurité, facturation des entreprises), l'éditeur de la plateforme est responsable du traitement.",
      ],
    },
    {
      heading: '2. Données collectées',
      paragraphs: [
        "Compte : nom, nom d'utilisateur, adresse e-mail, numéro de téléphone, photo éventuelle, mot de passe (conservé uniquement sous forme chiffrée et irréversible), rôles et appartenance aux entreprises.",
        "Activité : enquêtes créées, participations, contributions, évaluations, messages échangés dans les discussions, pièces jointes et, lorsque le formulaire le prévoit, la position géographique au moment de la réponse.",
        "Données techniques : référence de l'appareil utilisé pour la connexion, journaux de connexion (date, adresse IP, type de navigateur) et informations de diagnostic des erreurs.",
        'Facturation : factures, abonnements et transactions des entreprises clientes, y compris les références de paiement par mobile money.',
      ],
    },
    {
      heading: '3. Finalités et fondements',
      paragraphs: [
        "Fournir le service (exécution du contrat) : créer et diffuser des enquêtes, recueillir et analyser les réponses, suivre les activités de terrain, envoyer les notifications et invitations.",
        "Sécuriser la plateforme (intérêt légitime) : authentification, détection des abus, limitation des tentatives de connexion, journaux d'audit.",
        "Respecter nos obligations légales : conservation des pièces comptables, réponse aux demandes des autorités habilitées.",
        "Aucune donnée n'est vendue ni utilisée à des fins publicitaires.",
      ],
    },
    {
      heading: '4. Cloisonnement entre entreprises',
      paragraphs: [
        "Les données de chaque entreprise sont isolées : un membre d'une entreprise ne voit jamais les enquêtes, réponses ou utilisateurs d'une autre entreprise, sauf si vous appartenez vous-même aux deux. Les droits d'accès au sein d'une entreprise sont fixés par ses administrateurs au moyen des rôles et permissions.",
      ],
    },
    {
      heading: '5. Hébergement et sécurité',
      paragraphs: [
        "Les données sont hébergées sur des serveurs sécurisés. Les échanges entre votre navigateur et la plateforme sont chiffrés (HTTPS). Les mots de passe sont stockés sous forme hachée, les jetons de session sont de courte durée et peuvent être révoqués à tout moment depuis la liste de vos appareils.",
        "Lorsque des données sont hébergées ou traitées hors de la zone CEMAC, nous veillons à ce que le prestataire offre des garanties de protection équivalentes.",
      ],
    },
    {
      heading: '6. Durées de conservation',
      paragraphs: [
        "Les données de compte sont conservées tant que le compte est actif, puis supprimées ou anonymisées dans un délai de douze mois après sa clôture.",
        "Les réponses aux enquêtes sont conservées aussi longtemps que l'entreprise qui les a collectées le décide, dans la limite de la durée de son abonnement.",
        'Les journaux de connexion sont conservés douze mois ; les pièces comptables, pendant la durée imposée par la loi applicable.',
      ],
    },
    {
      heading: '7. Vos droits',
      paragraphs: [
        "Conformément aux textes applicables, notamment la loi camerounaise relative à la cybersécurité et à la cybercriminalité et les principes du RGPD dont nous nous inspirons, vous disposez d'un droit d'accès, de rectification, d'effacement, de limitation, d'opposition et de portabilité de vos données.",
        "Pour les réponses collectées par une entreprise, adressez-vous d'abord à cette entreprise ; nous l'aiderons à répondre. Pour votre compte, vous pouvez modifier vos informations depuis votre profil ou nous écrire via le formulaire de contact. Nous répondons dans un délai d'un mois.",
        "Vous pouvez également saisir l'autorité de protection des données compétente dans votre pays.",
      ],
    },
    {
      heading: '8. Cookies et stockage local',
      paragraphs: [
        "La plateforme n'utilise pas de cookies publicitaires. Elle conserve dans votre navigateur la référence de votre appareil, vos préférences (langue, thème) et, une fois connecté, votre session. L'application peut être installée et fonctionner hors connexion : les réponses saisies hors ligne sont stockées sur l'appareil jusqu'à leur envoi.",
      ],
    },
    {
      heading: '9. Modifications',
      paragraphs: [
        "Cette politique peut évoluer. La date de dernière mise à jour figure en haut de la page ; en cas de changement important, vous en serez informé dans l'application.",
      ],
    },
  ],
};

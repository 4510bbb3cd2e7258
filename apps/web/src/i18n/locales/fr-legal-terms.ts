import type { LegalDocumentContent } from './legal.types';

export const termsFr: LegalDocumentContent = {
  title: "Conditions générales d'utilisation",
  updated: '2026-11-22',
  intro:
    "Les présentes conditions régissent l'accès et l'utilisation de la plateforme Enquêtes, service en ligne permettant aux entreprises de créer des enquêtes et formulaires d'évaluation, de les diffuser par lien, code ou QR code, de collecter des participations et de suivre leurs activités de terrain. En utilisant la plateforme, vous acceptez ces conditions.",
  sections: [
    {
      heading: '1. Comptes et accès',
      paragraphs: [
        "L'accès aux fonctions réservées nécessite un compte. Vous vous engagez à fournir des informations exactes et à garder votre mot de passe confidentiel. Toute action réalisée depuis votre compte est réputée faite par vous ; signalez sans délai toute utilisation non autorisée.",
        "Un même compte peut appartenir à plusieurs entreprises. Dans chacune, vos droits dépendent du rôle et des permissions que ses administrateurs vous accordent.",
      ],
    },
    {
      heading: '2. Rôle des entreprises clientes',
      paragraphs: [
        "Chaque entreprise est responsable des enquêtes qu'elle publie, des personnes qu'elle invite, de l'information donnée aux répondants et de l'usage qu'elle fait des réponses collectées. Elle s'engage à disposer d'une base légale pour chaque collecte et à respecter les droits des personnes concernées.",
      ],
    },
    {
      heading: '3. Utilisation acceptable',
      paragraphs: [
        "Il est interdit d'utiliser la plateforme pour collecter des données sans information des personnes, diffuser des contenus illicites, haineux ou trompeurs, usurper une identité, tenter d'accéder aux données d'une autre entreprise, perturber le service ou contourner ses mesures de sécurité.",
        "Nous pouvons suspendre un compte ou un contenu qui enfreint ces règles, après information de l'entreprise concernée sauf urgence.",
      ],
    },
    {
      heading: '4. Contenus et réponses',
      paragraphs: [
        "Les enquêtes, questions, modèles et réponses restent la propriété de l'entreprise qui les a créés ou collectés. Elle nous accorde uniquement les droits nécessaires pour héberger, afficher et traiter ces contenus afin de fournir le service.",
        "Les répondants garantissent que les informations et fichiers qu'ils transmettent sont exacts et qu'ils ont le droit de les partager.",
      ],
    },
    {
      heading: '5. Offres, facturation et paiement',
      paragraphs: [
        "Certaines fonctions sont proposées dans le cadre de forfaits payants souscrits par les entreprises. Les prix sont indiqués en francs CFA (XAF) sauf mention contraire. Les factures sont émises au nom de l'entreprise et peuvent être réglées notamment par mobile money ; chaque facture comporte un code permettant d'en vérifier l'authenticité.",
        "À défaut de paiement, l'accès aux fonctions concernées peut être suspendu après relance ; les données ne sont pas supprimées pendant la suspension.",
      ],
    },
    {
      heading: '6. Disponibilité du service',
      paragraphs: [
        "Nous faisons nos meilleurs efforts pour que la plateforme soit disponible en continu, y compris sur des connexions mobiles lentes ; l'application peut enregistrer des réponses hors connexion et les envoyer plus tard. Des interruptions peuvent toutefois survenir pour maintenance ou en cas d'incident ; lorsqu'une nouvelle version est déployée, l'application vous propose de la recharger.",
      ],
    },
    {
      heading: '7. Responsabilité',
      paragraphs: [
        "La plateforme est un outil : les décisions prises sur la base des enquêtes et évaluations relèvent de l'entreprise qui les exploite. Notre responsabilité ne saurait être engagée pour un dommage indirect, ni au-delà des sommes payées par l'entreprise concernée au cours des douze derniers mois.",
      ],
    },
    {
      heading: '8. Données personnelles',
      paragraphs: [
        "Le traitement des données personnelles est décrit dans la politique de confidentialité, qui fait partie intégrante des présentes conditions.",
      ],
    },
    {
      heading: '9. Résiliation',
      paragraphs: [
        "Vous pouvez fermer votre compte à tout moment. Une entreprise peut résilier son abonnement à l'échéance ; elle peut exporter ses enquêtes et réponses avant la fermeture de son espace.",
      ],
    },
    {
      heading: '10. Droit applicable',
      paragraphs: [
        "Les présentes conditions sont soumises au droit camerounais et, le cas échéant, aux textes communautaires de la CEMAC et de l'OHADA. À défaut d'accord amiable, tout litige relève des juridictions compétentes de Douala.",
        "Nous pouvons modifier ces conditions ; la nouvelle version s'applique à compter de sa publication, et les changements importants sont signalés dans l'application.",
      ],
    },
  ],
};

import type { LegalDocumentContent } from './legal.types';

export const enLegal: { privacy: LegalDocumentContent; terms: LegalDocumentContent } = {
  privacy: {
    title: 'Privacy policy',
    updated: '2026-11-22',
    intro:
      'This policy explains which personal data the Enquêtes platform processes, why, for how long and how you can exercise your rights. It applies to everyone who uses the platform: members of client companies (administrators, agents, partners), form respondents and visitors.',
    sections: [
      {
        heading: '1. Who processes your data',
        paragraphs: [
          'The platform is a service shared by several client companies. Each company decides which surveys it creates, whom it invites and which answers it collects: for that data, the company is the controller and the platform publisher acts as its processor, on its instructions.',
          'For the data the service itself needs to run (accounts, security, billing of companies), the platform publisher is the controller.',
        ],
      },
      {
        heading: '2. Data collected',
        paragraphs: [
          'Account: name, username, e-mail address, phone number, optional photo, password (kept only in an encrypted, irreversible form), roles and company memberships.',
          'Activity: surveys created, responses, contributions, evaluations, messages exchanged in conversations, attachments and, when the form asks for it, the location at the time of answering.',
          'Technical data: reference of the device used to sign in, sign-in logs (date, IP address, browser type) and error diagnostics.',
          'Billing: invoices, subscriptions and transactions of client companies, including mobile money payment references.',
        ],
      },
      {
        heading: '3. Purposes and legal bases',
        paragraphs: [
          'Providing the service (performance of the contract): creating and sharing surveys, collecting and analysing answers, following field activities, sending notifications and invitations.',
          'Securing the platform (legitimate interest): authentication, abuse detection, limits on sign-in attempts, audit logs.',
          'Meeting our legal obligations: keeping accounting records, answering requests from authorised authorities.',
          'No data is sold or used for advertising.',
        ],
      },
      {
        heading: '4. Separation between companies',
        paragraphs: [
          'Each company’s data is isolated: a member of one company never sees the surveys, answers or users of another company, unless you belong to both yourself. Access rights within a company are set by its administrators through roles and permissions.',
        ],
      },
      {
        heading: '5. Hosting and security',
        paragraphs: [
          'The data is hosted on secured servers. Exchanges between your browser and the platform are encrypted (HTTPS). Passwords are stored hashed, session tokens are short-lived and can be revoked at any time from your list of devices.',
          'When data is hosted or processed outside the CEMAC area, we make sure the provider offers equivalent protection guarantees.',
        ],
      },
      {
        heading: '6. Retention periods',
        paragraphs: [
          'Account data is kept while the account is active, then deleted or anonymised within twelve months of its closure.',
          'Survey answers are kept as long as the company that collected them decides, within the term of its subscription.',
          'Sign-in logs are kept twelve months; accounting records, for the period required by the applicable law.',
        ],
      },
      {
        heading: '7. Your rights',
        paragraphs: [
          'Under the applicable texts, in particular the Cameroonian law on cybersecurity and cybercrime and the GDPR principles we follow, you have the right to access, rectify, erase, restrict, object to and port your data.',
          'For answers collected by a company, contact that company first; we will help it answer. For your account, you can change your information from your profile or write to us through the contact form. We answer within one month.',
          'You may also contact the data protection authority of your country.',
        ],
      },
      {
        heading: '8. Cookies and local storage',
        paragraphs: [
          'The platform uses no advertising cookies. It keeps in your browser the reference of your device, your preferences (language, theme) and, once signed in, your session. The app can be installed and work offline: answers entered offline are stored on the device until they are sent.',
        ],
      },
      {
        heading: '9. Changes',
        paragraphs: ['This policy may change. The date of the last update is shown at the top of the page; you will be told in the app of any important change.'],
      },
    ],
  },
  terms: {
    title: 'Terms of use',
    updated: '2026-11-22',
    intro:
      'These terms govern access to and use of the Enquêtes platform, an online service that lets companies create surveys and evaluation forms, share them by link, code or QR code, collect responses and follow their field activities. By using the platform, you accept these terms.',
    sections: [
      {
        heading: '1. Accounts and access',
        paragraphs: [
          'Restricted features require an account. You agree to give accurate information and to keep your password confidential. Any action taken from your account is deemed to be yours; report any unauthorised use without delay.',
          'One account may belong to several companies. In each, your rights depend on the role and permissions its administrators give you.',
        ],
      },
      {
        heading: '2. Role of client companies',
        paragraphs: [
          'Each company is responsible for the surveys it publishes, the people it invites, the information given to respondents and the use it makes of the answers collected. It undertakes to have a legal basis for each collection and to respect the rights of the people concerned.',
        ],
      },
      {
        heading: '3. Acceptable use',
        paragraphs: [
          'You may not use the platform to collect data without informing people, spread unlawful, hateful or misleading content, impersonate someone, try to access another company’s data, disrupt the service or get around its security measures.',
          'We may suspend an account or content that breaks these rules, after informing the company concerned except in an emergency.',
        ],
      },
      {
        heading: '4. Content and answers',
        paragraphs: [
          'Surveys, questions, templates and answers remain the property of the company that created or collected them. It grants us only the rights needed to host, display and process this content to provide the service.',
          'Respondents guarantee that the information and files they send are accurate and that they have the right to share them.',
        ],
      },
      {
        heading: '5. Offers, billing and payment',
        paragraphs: [
          'Some features are offered in paid packages subscribed by companies. Prices are shown in CFA francs (XAF) unless stated otherwise. Invoices are issued in the company’s name and can be paid in particular by mobile money; each invoice carries a code to check that it is genuine.',
          'Without payment, access to the features concerned may be suspended after a reminder; data is not deleted during the suspension.',
        ],
      },
      {
        heading: '6. Service availability',
        paragraphs: [
          'We do our best to keep the platform available at all times, including over slow mobile connections; the app can save answers offline and send them later. Interruptions may still happen for maintenance or after an incident; when a new version is deployed, the app offers to reload it.',
        ],
      },
      {
        heading: '7. Liability',
        paragraphs: [
          'The platform is a tool: decisions taken on the basis of surveys and evaluations are the responsibility of the company that uses them. We are not liable for indirect damage, nor beyond the amounts paid by the company concerned over the last twelve months.',
        ],
      },
      {
        heading: '8. Personal data',
        paragraphs: ['The processing of personal data is described in the privacy policy, which is an integral part of these terms.'],
      },
      {
        heading: '9. Termination',
        paragraphs: ['You may close your account at any time. A company may end its subscription at the end of its term; it can export its surveys and answers before its space is closed.'],
      },
      {
        heading: '10. Governing law',
        paragraphs: [
          'These terms are governed by Cameroonian law and, where applicable, by the community texts of CEMAC and OHADA. Failing an amicable agreement, any dispute falls under the competent courts of Douala.',
          'We may change these terms; the new version applies from its publication, and important changes are announced in the app.',
        ],
      },
    ],
  },
};

import type { LegalDocumentContent } from './legal.types';

export const deLegal: { privacy: LegalDocumentContent; terms: LegalDocumentContent } = {
  privacy: {
    title: 'Datenschutzerklärung',
    updated: '2026-11-22',
    intro:
      'Diese Erklärung beschreibt, welche personenbezogenen Daten die Plattform Enquêtes verarbeitet, warum, wie lange und wie Sie Ihre Rechte ausüben können. Sie gilt für alle, die die Plattform nutzen: Mitglieder der Kundenunternehmen (Administratoren, Mitarbeitende, Partner), Antwortende und Besucher.',
    sections: [
      {
        heading: '1. Wer Ihre Daten verarbeitet',
        paragraphs: [
          'Die Plattform ist ein von mehreren Kundenunternehmen gemeinsam genutzter Dienst. Jedes Unternehmen entscheidet, welche Umfragen es erstellt, wen es einlädt und welche Antworten es sammelt: Für diese Daten ist es Verantwortlicher, und der Betreiber der Plattform handelt als Auftragsverarbeiter nach seinen Weisungen.',
          'Für die Daten, die der Dienst selbst benötigt (Konten, Sicherheit, Abrechnung der Unternehmen), ist der Betreiber der Plattform Verantwortlicher.',
        ],
      },
      {
        heading: '2. Erhobene Daten',
        paragraphs: [
          'Konto: Name, Benutzername, E-Mail-Adresse, Telefonnummer, gegebenenfalls Foto, Passwort (nur verschlüsselt und unumkehrbar gespeichert), Rollen und Zugehörigkeit zu Unternehmen.',
          'Aktivität: erstellte Umfragen, Antworten, Beiträge, Bewertungen, in Unterhaltungen ausgetauschte Nachrichten, Anhänge und, wenn das Formular es vorsieht, der Standort zum Zeitpunkt der Antwort.',
          'Technische Daten: Kennung des für die Anmeldung genutzten Geräts, Anmeldeprotokolle (Datum, IP-Adresse, Browsertyp) und Fehlerdiagnosen.',
          'Abrechnung: Rechnungen, Abonnements und Transaktionen der Kundenunternehmen, einschließlich der Referenzen von Mobile-Money-Zahlungen.',
        ],
      },
      {
        heading: '3. Zwecke und Rechtsgrundlagen',
        paragraphs: [
          'Erbringung des Dienstes (Vertragserfüllung): Umfragen erstellen und verbreiten, Antworten sammeln und auswerten, Außendienstaktivitäten verfolgen, Benachrichtigungen und Einladungen senden.',
          'Sicherung der Plattform (berechtigtes Interesse): Authentifizierung, Erkennung von Missbrauch, Begrenzung der Anmeldeversuche, Prüfprotokolle.',
          'Erfüllung gesetzlicher Pflichten: Aufbewahrung von Buchhaltungsunterlagen, Beantwortung von Anfragen befugter Behörden.',
          'Es werden keine Daten verkauft oder zu Werbezwecken verwendet.',
        ],
      },
      {
        heading: '4. Trennung zwischen Unternehmen',
        paragraphs: [
          'Die Daten jedes Unternehmens sind getrennt: Ein Mitglied eines Unternehmens sieht nie die Umfragen, Antworten oder Benutzer eines anderen Unternehmens, es sei denn, Sie gehören selbst beiden an. Die Zugriffsrechte innerhalb eines Unternehmens legen dessen Administratoren über Rollen und Berechtigungen fest.',
        ],
      },
      {
        heading: '5. Hosting und Sicherheit',
        paragraphs: [
          'Die Daten werden auf gesicherten Servern gehostet. Der Austausch zwischen Ihrem Browser und der Plattform ist verschlüsselt (HTTPS). Passwörter werden gehasht gespeichert, Sitzungstoken sind kurzlebig und können jederzeit über die Liste Ihrer Geräte widerrufen werden.',
          'Werden Daten außerhalb der CEMAC-Zone gehostet oder verarbeitet, achten wir darauf, dass der Anbieter gleichwertige Schutzgarantien bietet.',
        ],
      },
      {
        heading: '6. Aufbewahrungsfristen',
        paragraphs: [
          'Kontodaten werden aufbewahrt, solange das Konto aktiv ist, und binnen zwölf Monaten nach seiner Schließung gelöscht oder anonymisiert.',
          'Antworten auf Umfragen werden so lange aufbewahrt, wie das sammelnde Unternehmen es entscheidet, höchstens für die Dauer seines Abonnements.',
          'Anmeldeprotokolle werden zwölf Monate aufbewahrt, Buchhaltungsunterlagen für die gesetzlich vorgeschriebene Dauer.',
        ],
      },
      {
        heading: '7. Ihre Rechte',
        paragraphs: [
          'Nach den geltenden Vorschriften, insbesondere dem kamerunischen Gesetz über Cybersicherheit und Cyberkriminalität und den Grundsätzen der DSGVO, an denen wir uns orientieren, haben Sie ein Recht auf Auskunft, Berichtigung, Löschung, Einschränkung, Widerspruch und Datenübertragbarkeit.',
          'Für von einem Unternehmen gesammelte Antworten wenden Sie sich zuerst an dieses Unternehmen; wir helfen ihm bei der Antwort. Für Ihr Konto können Sie Ihre Angaben im Profil ändern oder uns über das Kontaktformular schreiben. Wir antworten innerhalb eines Monats.',
          'Sie können sich auch an die zuständige Datenschutzbehörde Ihres Landes wenden.',
        ],
      },
      {
        heading: '8. Cookies und lokale Speicherung',
        paragraphs: [
          'Die Plattform verwendet keine Werbe-Cookies. Sie speichert in Ihrem Browser die Kennung Ihres Geräts, Ihre Einstellungen (Sprache, Design) und, nach der Anmeldung, Ihre Sitzung. Die App kann installiert werden und offline funktionieren: Offline erfasste Antworten werden bis zum Senden auf dem Gerät gespeichert.',
        ],
      },
      {
        heading: '9. Änderungen',
        paragraphs: ['Diese Erklärung kann sich ändern. Das Datum der letzten Aktualisierung steht oben auf der Seite; über wichtige Änderungen werden Sie in der App informiert.'],
      },
    ],
  },
  terms: {
    title: 'Nutzungsbedingungen',
    updated: '2026-11-22',
    intro:
      'Diese Bedingungen regeln den Zugang zur und die Nutzung der Plattform Enquêtes, eines Onlinedienstes, mit dem Unternehmen Umfragen und Bewertungsformulare erstellen, per Link, Code oder QR-Code verbreiten, Antworten sammeln und ihre Außendienstaktivitäten verfolgen können. Mit der Nutzung der Plattform akzeptieren Sie diese Bedingungen.',
    sections: [
      {
        heading: '1. Konten und Zugang',
        paragraphs: [
          'Geschützte Funktionen erfordern ein Konto. Sie verpflichten sich, richtige Angaben zu machen und Ihr Passwort geheim zu halten. Jede Handlung über Ihr Konto gilt als von Ihnen vorgenommen; melden Sie jede unbefugte Nutzung unverzüglich.',
          'Ein Konto kann mehreren Unternehmen angehören. In jedem hängen Ihre Rechte von der Rolle und den Berechtigungen ab, die dessen Administratoren Ihnen geben.',
        ],
      },
      {
        heading: '2. Rolle der Kundenunternehmen',
        paragraphs: [
          'Jedes Unternehmen ist verantwortlich für die Umfragen, die es veröffentlicht, die Personen, die es einlädt, die Information der Antwortenden und die Verwendung der gesammelten Antworten. Es verpflichtet sich, für jede Erhebung eine Rechtsgrundlage zu haben und die Rechte der Betroffenen zu achten.',
        ],
      },
      {
        heading: '3. Zulässige Nutzung',
        paragraphs: [
          'Es ist untersagt, die Plattform zu nutzen, um Daten ohne Information der Betroffenen zu sammeln, rechtswidrige, hasserfüllte oder irreführende Inhalte zu verbreiten, eine fremde Identität anzunehmen, auf Daten eines anderen Unternehmens zuzugreifen, den Dienst zu stören oder seine Sicherheitsmaßnahmen zu umgehen.',
          'Wir können ein Konto oder einen Inhalt, der gegen diese Regeln verstößt, sperren, außer in dringenden Fällen nach Information des betroffenen Unternehmens.',
        ],
      },
      {
        heading: '4. Inhalte und Antworten',
        paragraphs: [
          'Umfragen, Fragen, Vorlagen und Antworten bleiben Eigentum des Unternehmens, das sie erstellt oder gesammelt hat. Es räumt uns nur die Rechte ein, die nötig sind, um diese Inhalte zur Erbringung des Dienstes zu hosten, anzuzeigen und zu verarbeiten.',
          'Antwortende sichern zu, dass die übermittelten Angaben und Dateien richtig sind und dass sie sie teilen dürfen.',
        ],
      },
      {
        heading: '5. Angebote, Abrechnung und Zahlung',
        paragraphs: [
          'Einige Funktionen werden in kostenpflichtigen Tarifen angeboten, die Unternehmen abonnieren. Preise sind, sofern nicht anders angegeben, in CFA-Franc (XAF) angegeben. Rechnungen werden auf den Namen des Unternehmens ausgestellt und können insbesondere per Mobile Money bezahlt werden; jede Rechnung trägt einen Code zur Prüfung ihrer Echtheit.',
          'Bei ausbleibender Zahlung kann der Zugang zu den betroffenen Funktionen nach einer Mahnung gesperrt werden; die Daten werden während der Sperre nicht gelöscht.',
        ],
      },
      {
        heading: '6. Verfügbarkeit des Dienstes',
        paragraphs: [
          'Wir bemühen uns, die Plattform ständig verfügbar zu halten, auch über langsame Mobilverbindungen; die App kann Antworten offline speichern und später senden. Unterbrechungen wegen Wartung oder Störungen sind dennoch möglich; wird eine neue Version bereitgestellt, bietet die App an, sie neu zu laden.',
        ],
      },
      {
        heading: '7. Haftung',
        paragraphs: [
          'Die Plattform ist ein Werkzeug: Entscheidungen auf Grundlage der Umfragen und Bewertungen liegen in der Verantwortung des Unternehmens, das sie nutzt. Wir haften nicht für mittelbare Schäden und nicht über die Beträge hinaus, die das betroffene Unternehmen in den letzten zwölf Monaten gezahlt hat.',
        ],
      },
      {
        heading: '8. Personenbezogene Daten',
        paragraphs: ['Die Verarbeitung personenbezogener Daten ist in der Datenschutzerklärung beschrieben, die Bestandteil dieser Bedingungen ist.'],
      },
      {
        heading: '9. Kündigung',
        paragraphs: ['Sie können Ihr Konto jederzeit schließen. Ein Unternehmen kann sein Abonnement zum Laufzeitende kündigen; es kann seine Umfragen und Antworten vor der Schließung seines Bereichs exportieren.'],
      },
      {
        heading: '10. Anwendbares Recht',
        paragraphs: [
          'Diese Bedingungen unterliegen kamerunischem Recht und gegebenenfalls den Gemeinschaftstexten der CEMAC und der OHADA. Kommt keine gütliche Einigung zustande, sind die zuständigen Gerichte von Douala zuständig.',
          'Wir können diese Bedingungen ändern; die neue Fassung gilt ab ihrer Veröffentlichung, und wichtige Änderungen werden in der App angekündigt.',
        ],
      },
    ],
  },
};

import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/document-title.hook';
import { PublicShell } from '../../../ui/PublicShell';
import { getLegalDocument, type LegalDocumentKey } from './legal-bundle';

/** Renders a legal text from the `legal` namespace inside the public frame. */
export function LegalDocument({ documentKey }: { documentKey: LegalDocumentKey }) {
  const { t, i18n } = useTranslation('common');
  const { doc, lang } = getLegalDocument(documentKey, i18n.language);
  // Noon avoids the date slipping a day in time zones west of UTC.
  const updated = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(`${doc.updated}T12:00:00`));
  useDocumentTitle(doc.title);

  return (
    <PublicShell size="md">
      <article lang={lang}>
        <Stack gap="lg">
          <div>
            <Title order={1}>{doc.title}</Title>
            <Text size="sm" c="dimmed" mt={4}>
              {t('lastUpdated', { date: updated })}
            </Text>
          </div>
          <Text>{doc.intro}</Text>
          {doc.sections.map((section) => (
            <section key={section.heading}>
              <Title order={2} size="h4" mb="xs">
                {section.heading}
              </Title>
              <Stack gap="xs">
                {section.paragraphs.map((paragraph) => (
                  <Text key={paragraph}>{paragraph}</Text>
                ))}
              </Stack>
            </section>
          ))}
        </Stack>
      </article>
    </PublicShell>
  );
}

import { canDo } from '@app/contracts/permissions';
import { IMPORT_COLUMNS, importHeader, type ImportKind, type ImportReport } from '@app/contracts/structure';
import { Alert, Button, FileInput, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { fetchApiFile, saveBlob } from '../../surveys/api/download';
import { api } from '../../../lib/api-client';
import { isApiError } from '../../../lib/http-error';
import { activeAgentOf } from '../../../lib/session/account-model';
import { useCurrentSession } from '../../../lib/session/use-session';
import { PageHeader } from '../../../ui/PageHeader';
import { useStructureT } from '../structure-i18n';
import { type ImportRefusal, importRefusalOf } from './import-report';

type Preview = ImportReport & { preview?: Array<Record<string, unknown>> };

/**
 * `{action}/imports/{kind}`: the sample file, a check of the chosen file (its first rows,
 * or the row-by-row report of what is wrong), then the import itself.
 */
export function ImportPage() {
  const t = useStructureT();
  const { i18n } = useTranslation();
  const { account } = useCurrentSession();
  const kind: ImportKind = useParams().kind === 'workspaces' ? 'workspaces' : 'agents';
  const company = account ? activeAgentOf(account)?.company_id : undefined;
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [report, setReport] = useState<ImportRefusal | null>(null);
  const [done, setDone] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState(false);
  const allowed = account ? canDo(account.permissions, 'companies', kind === 'agents' ? 'importagents' : 'importworkspaces') : false;
  const path = `companies/${company}/import${kind}`;

  const send = async (dryRun: boolean) => {
    if (!file || !company) return;
    setBusy(true);
    setReport(null);
    setDone(null);
    try {
      const body = new FormData();
      body.append('file', file);
      const result = await api.post<Preview>(dryRun ? `${path}?dry_run=true` : path, body);
      if (dryRun) setPreview(result);
      else {
        setDone(result);
        setPreview(null);
      }
    } catch (error) {
      setPreview(null);
      if (isApiError(error)) setReport(importRefusalOf(error));
      else throw error;
    } finally {
      setBusy(false);
    }
  };
  const sample = async (format: 'xlsx' | 'csv') => {
    const { blob, name } = await fetchApiFile(`${path}/sample`, { query: { format }, fallbackName: `modele.${format}` });
    saveBlob(blob, name);
  };
  const columns = IMPORT_COLUMNS[kind];
  return (
    <Stack gap="md">
      <PageHeader title={kind === 'agents' ? t('imports.titleAgents') : t('imports.titleWorkspaces')} description={t('imports.intro')} />
      {allowed ? (
        <>
          <Group>
            <Button variant="light" onClick={() => sample('xlsx')} data-testid="sample-xlsx">
              {t('imports.sampleXlsx')}
            </Button>
            <Button variant="subtle" onClick={() => sample('csv')}>
              {t('imports.sampleCsv')}
            </Button>
          </Group>
          <FileInput
            label={t('imports.file')}
            accept=".xlsx,.csv"
            value={file}
            onChange={(next) => {
              setFile(next);
              setPreview(null);
              setReport(null);
              setDone(null);
            }}
            data-testid="import-file"
            clearable
          />
          <Group>
            <Button onClick={() => send(true)} disabled={!file} loading={busy && !preview} data-testid="import-check">
              {t('imports.check')}
            </Button>
            {preview && !preview.already_imported ? (
              <Button color="green" onClick={() => send(false)} loading={busy} data-testid="import-run">
                {t('imports.import', { count: preview.rows })}
              </Button>
            ) : null}
          </Group>
        </>
      ) : null}
      {preview?.already_imported ? <Alert color="gray">{t('imports.already')}</Alert> : null}
      {preview?.preview ? (
        <Stack gap="xs" data-testid="import-preview">
          <Text fw={600}>{t('imports.preview', { count: preview.rows })}</Text>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('imports.row')}</Table.Th>
                {columns.map((c) => (
                  <Table.Th key={c.key}>{importHeader(kind, c.key, i18n.language)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.preview.map((row) => (
                <Table.Tr key={String(row.row)}>
                  <Table.Td>{String(row.row)}</Table.Td>
                  {columns.map((c) => (
                    <Table.Td key={c.key}>{row[c.key] == null ? '' : String(row[c.key])}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ) : null}
      {report ? (
        <Alert color="red" title={t('imports.report')} data-testid="import-report">
          <Stack gap={4}>
            <Text size="sm">{report.message}</Text>
            {report.rows.map(({ key, row, messages }) => (
              <Text size="sm" key={key} data-testid={row === null ? undefined : 'import-report-row'}>
                {row === null ? null : <b>{t('imports.rowNumber', { row })} — </b>}
                {messages.join(' ; ')}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}
      {done ? (
        <Alert color="green" data-testid="import-done">
          {done.already_imported ? t('imports.already') : t('imports.done', { created: done.created, updated: done.updated, skipped: done.skipped })}
        </Alert>
      ) : null}
    </Stack>
  );
}

import { useParams } from 'react-router';
import { TemplateDetail } from '../../../features/surveys/templates/TemplateDetail';
import { TemplateList } from '../../../features/surveys/templates/TemplateList';

/** /{sid}/business/{action}/templates */
export function TemplatesPage() {
  const { sessionID = '' } = useParams();
  return <TemplateList sid={sessionID} />;
}

/** /{sid}/business/{action}/templates/{template} */
export function TemplatePage() {
  const { sessionID = '', template = '' } = useParams();
  return <TemplateDetail key={template} sid={sessionID} templateId={template} />;
}

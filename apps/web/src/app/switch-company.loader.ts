import { type LoaderFunctionArgs, redirect } from 'react-router';
import { guard } from './guard-loader';
import { i18n } from '../i18n/i18n';
import { findAgentOfCompany } from '../lib/session/account-model';
import { accounts } from '../lib/session/account-store';
import { inSession } from '../lib/session/session-id';
import { switchCompany } from '../lib/session/session-service';
import { showToast } from '../lib/toast';

/**
 * /{sid}/switch-company/{company} (id or code): makes that membership the active agent,
 * reloads the permissions from the server, and opens the business view.
 */
export async function switchCompanyLoader(args: LoaderFunctionArgs) {
  await guard({ access: 'signedIn', name: 'switchCompany' })(args);
  const sid = args.params.sessionID ?? '';
  const account = accounts.get(sid);
  const agent = account ? findAgentOfCompany(account, args.params.company ?? '') : null;
  if (agent?.status !== 'active') throw redirect('/error/404');
  const switched = await switchCompany(sid, agent.id);
  if (switched) showToast({ message: i18n.t('session:companySwitched', { company: agent.company.name }), tone: 'success' });
  return redirect(inSession(sid, '/business'));
}

import { type PublicTargetView, LINK_TYPE_OF_KIND, targetQueryValue } from '@app/contracts/targets';
import { useEffect, useRef, useState } from 'react';
import { M } from '../messages';
import { rememberTargetLabel } from '../target-label';
import { answerLinkFor, contactLinkFor, type LandingObject, type LandingOptions } from '../target-landing';
import { LoadingScreen, MessageScreen } from './MessageScreens';

interface SurveyBrief {
  code: string;
  title: string;
  description: string | null;
}

function SurveyLinks({ surveys, hrefOf }: { surveys: SurveyBrief[]; hrefOf(s: SurveyBrief): string }) {
  return (
    <ul className="ans-landing-list">
      {surveys.map((s) => (
        <li key={s.code}>
          <a className="ans-button ans-landing-link" href={hrefOf(s)} data-testid="landing-survey">
            {s.title}
          </a>
          {s.description ? <p className="ans-hint">{s.description}</p> : null}
        </li>
      ))}
    </ul>
  );
}

function Photo({ url, alt }: { url: string | null; alt: string }) {
  return url && /^(\/|https?:)/.test(url) ? <img className="ans-landing-photo" src={url} alt={alt} loading="lazy" /> : null;
}

type Loaded = { kind: 'loading' } | { kind: 'offline' } | { kind: 'found'; found: LandingObject | null };

/** `/m/{type}/{code}` of a target or a company. */
export function TargetLanding(o: LandingOptions & { type: string; code: string }) {
  const [state, setState] = useState<Loaded>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(o);
  latest.current = o;
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads again on a retry (attempt) or another code.
  useEffect(() => {
    let current = true;
    const { load, type, code, search, go, onTitle } = latest.current;
    setState({ kind: 'loading' });
    load(type, code).then(
      (found) => {
        if (!current) return;
        if (found?.type === 'target') {
          const { target } = found;
          rememberTargetLabel(targetQueryValue(target.kind, target.id), target.name, target.site?.name);
          onTitle?.(target.name);
          // One open survey: straight to answering (the link page stays out of the history).
          if (found.surveys.length === 1) return go(answerLinkFor(found.surveys[0].code, { kind: target.kind, id: target.id }, search), true);
        } else if (found?.type === 'company') onTitle?.(found.company.name);
        setState({ kind: 'found', found });
      },
      () => current && setState({ kind: 'offline' }),
    );
    return () => {
      current = false;
    };
  }, [o.type, o.code, attempt]);

  if (state.kind === 'loading') return <LoadingScreen />;
  if (state.kind === 'offline') {
    return <MessageScreen title={M.offlineTitle} text={M.offlineText} action={{ label: M.retry, onClick: () => setAttempt((n) => n + 1) }} testId="answer-offline" />;
  }
  const found = state.found;
  if (!found || found.type === 'survey') return <MessageScreen title={M.targetNotFoundTitle} text={M.targetNotFoundText} testId="landing-not-found" />;
  if (found.type === 'target') return <TargetCard found={found} search={o.search} />;
  return <CompanyCard found={found} search={o.search} />;
}

function TargetCard({ found, search }: { found: Extract<LandingObject, { type: 'target' }>; search: string }) {
  const { target, company, surveys } = found;
  const ref = { kind: target.kind, id: target.id };
  return (
    <div className="ans-card" data-testid="landing-target">
      <p className="ans-company">{company.name}</p>
      <h1 className="ans-title" data-testid="landing-target-name">
        {target.name}
      </h1>
      {target.site ? <p className="ans-hint">{M.targetSite(target.site.name)}</p> : null}
      <Photo url={target.photo} alt={target.name} />
      {surveys.length ? (
        <>
          <p>{M.targetChoose}</p>
          <SurveyLinks surveys={surveys} hrefOf={(s) => answerLinkFor(s.code, ref, search)} />
        </>
      ) : (
        <p data-testid="landing-no-survey">{M.targetNoSurvey}</p>
      )}
    </div>
  );
}

function CompanyCard({ found, search }: { found: Extract<LandingObject, { type: 'company' }>; search: string }) {
  const targets: Array<PublicTargetView & { path: string }> = found.targets ?? [];
  return (
    <div className="ans-card" data-testid="landing-company">
      <Photo url={found.company.logo} alt={found.company.name} />
      <h1 className="ans-title">{found.company.name}</h1>
      {targets.length ? (
        <>
          <h2 className="ans-step-title">{M.companyTargets}</h2>
          <ul className="ans-landing-list">
            {targets.map((t) => (
              <li key={t.path}>
                <a className="ans-button ans-secondary ans-landing-link" href={t.path} data-testid="landing-target-link">
                  {t.site ? `${t.name} — ${t.site.name}` : t.name}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h2 className="ans-step-title">{M.companySurveys}</h2>
      {found.surveys.length ? <SurveyLinks surveys={found.surveys} hrefOf={(s) => answerLinkFor(s.code, null, search)} /> : <p>{M.targetNoSurvey}</p>}
      <p>
        <a className="ans-button ans-secondary" href={contactLinkFor(found.company.code)} data-testid="landing-company-contact">
          {M.companyContact}
        </a>
      </p>
    </div>
  );
}

/** `/m`: a code typed by hand (a company's, a survey's or a QR code's) opens its page. */
export function CodeEntry(o: LandingOptions) {
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  async function open(typed: string) {
    if (!/^[A-Z0-9-]{4,16}$/.test(typed)) return setError(M.codeNotFound);
    setBusy(true);
    setError('');
    try {
      // A survey code first (the most common), then a company's, then a QR code's.
      if (await o.load('su', typed)) return o.go(`/m/su/${encodeURIComponent(typed)}`);
      if (await o.load('co', typed)) return o.go(`/m/co/${encodeURIComponent(typed)}`);
      const target = await o.load('target', typed);
      if (target?.type === 'target') return o.go(`/m/${LINK_TYPE_OF_KIND[target.target.kind]}/${encodeURIComponent(typed)}`);
      setError(M.codeNotFound);
    } catch {
      setError(M.noServer);
    } finally {
      setBusy(false);
    }
  }
  return (
    <form
      className="ans-card"
      data-testid="landing-code-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void open(code.trim().toUpperCase());
      }}
    >
      <h1 className="ans-title">{M.codeTitle}</h1>
      <label className="ans-label" htmlFor="landing-code">
        {M.codeLabel}
      </label>
      <input
        ref={input}
        className="ans-input"
        id="landing-code"
        name="code"
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={16}
        required
        value={code}
        onChange={(e) => setCode(e.currentTarget.value)}
      />
      <p className="ans-error" role="alert" data-testid="landing-code-error">
        {error}
      </p>
      <div className="ans-actions">
        <button type="submit" className="ans-button" disabled={busy}>
          {M.codeSubmit}
        </button>
      </div>
    </form>
  );
}

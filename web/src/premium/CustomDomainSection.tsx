import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { CUSTOM_DOMAIN_LIMITS, type PlanId } from '@gallery/contracts';
import { readApiError, type ApiError } from '../api/apiErrors';
import { QrImage } from '../billing/QrImage';
import { CopyButton } from '../ui/CopyButton';
import { Spinner } from '../ui/Spinner';
import {
  CHECK_CUSTOM_DOMAIN,
  CUSTOM_DOMAIN_QUERY,
  REMOVE_CUSTOM_DOMAIN,
  SET_CUSTOM_DOMAIN,
  type CustomDomain,
} from './customDomainGraphql';
import './premium.css';
import { PremiumFold } from './PremiumFold';

/**
 * While the records are not verified, the page checks again on its own this often: DNS changes appear minutes to
 * hours after the couple makes them, and 12 checks an hour leave most of RATE_LIMITS.customDomainChecks to the
 * button.
 */
const AUTO_CHECK_MS = 5 * 60 * 1000;

/** The event page's "Your own domain": the field, then the DNS records to create and the state of their check. */
export function CustomDomainSection({ code, plan }: { code: string; plan: PlanId }) {
  const { t } = useTranslation();
  const { data, loading } = useQuery(CUSTOM_DOMAIN_QUERY, { variables: { eventCode: code } });
  const domain = data?.customDomain ?? null;
  return (
    <section
      id="domain"
      className="page-section premium-section custom-domain"
      aria-labelledby="custom-domain-title"
    >
      <h2 id="custom-domain-title">{t('customDomain.title')}</h2>
      <p className="page-section-intro">{t('customDomain.intro')}</p>
      {loading && !data ? (
        <Spinner label={t('common.loading')} />
      ) : domain ? (
        <DomainRecords code={code} domain={domain} />
      ) : (
        <PremiumFold code={code} plan={plan}>
          <DomainForm code={code} />
        </PremiumFold>
      )}
    </section>
  );
}

function DomainForm({ code }: { code: string }) {
  const { t } = useTranslation();
  const [host, setHost] = useState('');
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [setDomain, setting] = useMutation(SET_CUSTOM_DOMAIN, {
    update(cache, { data }) {
      if (!data) return;
      cache.writeQuery({
        query: CUSTOM_DOMAIN_QUERY,
        variables: { eventCode: code },
        data: { customDomain: data.setCustomDomain },
      });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setDomain({ variables: { eventCode: code, host } }).catch((error: unknown) =>
      setFailure(readApiError(error)),
    );
  };
  return (
    <form className="custom-domain-form" onSubmit={submit} noValidate>
      <div className={failure ? 'field has-error' : 'field'}>
        <label htmlFor="custom-domain-host">{t('customDomain.label')}</label>
        <input
          id="custom-domain-host"
          name="host"
          type="text"
          inputMode="url"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="photos.anna-and-ben.com"
          maxLength={CUSTOM_DOMAIN_LIMITS.hostChars}
          value={host}
          aria-describedby="custom-domain-hint"
          aria-invalid={failure ? true : undefined}
          onChange={(event) => setHost(event.target.value)}
        />
        <p id="custom-domain-hint" className="field-hint">
          {t('customDomain.hint')}
        </p>
      </div>
      {failure && (
        <p role="alert" className="field-error" data-testid="custom-domain-error">
          {t(`errors.${failure.code}`, { count: failure.count })}
        </p>
      )}
      <p className="premium-actions">
        <button type="submit" className="button button-primary" disabled={setting.loading || !host.trim()}>
          {t('customDomain.submit')}
        </button>
      </p>
    </form>
  );
}

function DomainRecords({ code, domain }: { code: string; domain: CustomDomain }) {
  const { t, i18n } = useTranslation();
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  // A CustomDomain has no id for the cache to merge by: each answer replaces the page's query result.
  const [check, checking] = useMutation(CHECK_CUSTOM_DOMAIN, {
    update(cache, { data }) {
      if (!data) return;
      cache.writeQuery({
        query: CUSTOM_DOMAIN_QUERY,
        variables: { eventCode: code },
        data: { customDomain: data.checkCustomDomain },
      });
    },
  });
  const [remove, removing] = useMutation(REMOVE_CUSTOM_DOMAIN, {
    update(cache) {
      cache.writeQuery({
        query: CUSTOM_DOMAIN_QUERY,
        variables: { eventCode: code },
        data: { customDomain: null },
      });
    },
  });
  const waiting = domain.state !== 'VERIFIED';
  useEffect(() => {
    if (!waiting) return;
    // A failed automatic check (rate limit, network) says nothing: the button is there for the couple.
    const timer = setInterval(
      () => void check({ variables: { eventCode: code } }).catch(() => undefined),
      AUTO_CHECK_MS,
    );
    return () => clearInterval(timer);
  }, [waiting, check, code]);
  const records = [
    { type: 'CNAME', name: domain.host, value: domain.cnameTarget },
    { type: 'TXT', name: domain.txtName, value: domain.txtValue },
  ];
  const reason =
    domain.failure &&
    t(`customDomain.failures.${domain.failure}`, {
      host: domain.host,
      found: domain.found ?? '',
      target: domain.cnameTarget,
      name: domain.txtName,
    });
  return (
    <div className="custom-domain-records" data-state={domain.state.toLowerCase()}>
      <p className="custom-domain-host">
        <strong>{domain.host}</strong>
      </p>
      <p
        role="status"
        className={`domain-state domain-state-${domain.state.toLowerCase()}`}
        data-testid="domain-state"
      >
        {domain.state === 'VERIFIED'
          ? t('customDomain.verified')
          : domain.state === 'FAILED'
            ? t('customDomain.failed', { reason })
            : t('customDomain.pending')}
        {domain.checkedAt && domain.state !== 'VERIFIED' && (
          <>
            {' '}
            {t('customDomain.checkedAt', {
              time: new Date(domain.checkedAt).toLocaleTimeString(i18n.language, {
                hour: '2-digit',
                minute: '2-digit',
              }),
            })}
          </>
        )}
      </p>
      {domain.url ? (
        <div className="custom-domain-live">
          <p>
            {t('customDomain.guestsOpen')} <a href={domain.url}>{domain.url}</a>{' '}
            <CopyButton value={domain.url} label={t('customDomain.copyLink')} />
          </p>
          <QrImage url={domain.url} alt={t('customDomain.qrAlt', { host: domain.host })} testId="domain-qr" />
        </div>
      ) : (
        <>
          <p>{t('customDomain.recordsIntro')}</p>
          <ul className="dns-records">
            {records.map((record) => (
              <li key={record.type} className="dns-record" data-record={record.type}>
                <dl>
                  <dt>{t('customDomain.type')}</dt>
                  <dd>{record.type}</dd>
                  <dt>{t('customDomain.name')}</dt>
                  <dd>
                    <code>{record.name}</code>{' '}
                    <CopyButton value={record.name} label={t('customDomain.copyName')} />
                  </dd>
                  <dt>{t('customDomain.value')}</dt>
                  <dd>
                    <code>{record.value}</code>{' '}
                    <CopyButton value={record.value} label={t('customDomain.copyValue')} />
                  </dd>
                </dl>
              </li>
            ))}
          </ul>
          <p className="premium-actions">
            <button
              type="button"
              className="button button-primary"
              disabled={checking.loading}
              onClick={() => {
                setFailure(null);
                check({ variables: { eventCode: code } }).catch((error: unknown) =>
                  setFailure(readApiError(error)),
                );
              }}
            >
              {checking.loading ? t('customDomain.checking') : t('customDomain.check')}
            </button>
          </p>
        </>
      )}
      {failure && <p role="alert">{t(`errors.${failure.code}`, { count: failure.count })}</p>}
      {confirmRemove ? (
        <div className="premium-actions">
          <p>{t('customDomain.removeWarning', { host: domain.host })}</p>
          <button
            type="button"
            className="button button-danger"
            disabled={removing.loading}
            onClick={() =>
              void remove({ variables: { eventCode: code } }).catch((error: unknown) =>
                setFailure(readApiError(error)),
              )
            }
          >
            {t('customDomain.removeConfirm', { host: domain.host })}
          </button>{' '}
          <button type="button" className="button button-ghost" onClick={() => setConfirmRemove(false)}>
            {t('customDomain.cancel')}
          </button>
        </div>
      ) : (
        <p className="premium-actions">
          <button type="button" className="button button-secondary" onClick={() => setConfirmRemove(true)}>
            {t('customDomain.remove')}
          </button>
        </p>
      )}
    </div>
  );
}

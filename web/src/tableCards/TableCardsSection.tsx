import { useEffect, useRef, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import {
  isTableNumber,
  TABLE_CARD_LIMITS,
  TABLE_CARDS_PER_PAGE,
  type TableCardPaper,
  type TableCardsPerPage,
} from '@gallery/contracts';
import { readApiError, type ApiError } from '../api/apiErrors';
import { Button } from '../ui/Button';
import { CheckboxField, SelectField, TextField } from '../ui/Field';
import { PageSection, SettingsColumns } from '../ui/Section';
import { TABLE_CARDS_QUERY } from './graphql';
import './tableCards.css';

interface MadePdf {
  url: string;
  fileName: string;
  pageCount: number;
}

/** A PDF sent as base64, as a Blob the browser can save. */
function pdfBlob(base64: string): Blob {
  const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
  return new Blob([bytes], { type: 'application/pdf' });
}

/**
 * The event page's table cards: the couple picks the paper, how many cards share a page and, when they want a
 * card per table, how many tables; the events service makes the PDF, which the page offers to download.
 */
export function TableCardsSection({ code }: { code: string }) {
  const { t } = useTranslation();
  const client = useApolloClient();
  const [paper, setPaper] = useState<TableCardPaper>('A4');
  const [perPage, setPerPage] = useState<TableCardsPerPage>(2);
  const [perTable, setPerTable] = useState(false);
  const [tableCount, setTableCount] = useState('10');
  const [making, setMaking] = useState(false);
  const [made, setMade] = useState<MadePdf | null>(null);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const downloadRef = useRef<HTMLAnchorElement>(null);
  const tables = Number(tableCount);
  const tablesInvalid = perTable && !(/^\d+$/.test(tableCount.trim()) && isTableNumber(tables));

  // A new PDF replaces the last: its object URL is let go, and the link to it takes the focus.
  useEffect(() => {
    if (!made) return;
    downloadRef.current?.focus();
    return () => URL.revokeObjectURL(made.url);
  }, [made]);

  const make = async () => {
    if (tablesInvalid) return;
    setMaking(true);
    setFailure(null);
    setMade(null);
    try {
      const { data } = await client.query({
        query: TABLE_CARDS_QUERY,
        variables: { code, paper, cardsPerPage: perPage, tables: perTable ? tables : null },
        fetchPolicy: 'no-cache',
      });
      if (!data) throw new Error('no table cards');
      const { fileName, pdfBase64, pageCount } = data.tableCards;
      setMade({ url: URL.createObjectURL(pdfBlob(pdfBase64)), fileName, pageCount });
    } catch (error) {
      setFailure(readApiError(error));
    } finally {
      setMaking(false);
    }
  };

  return (
    <PageSection id="table-cards" title={t('tableCards.title')} intro={t('tableCards.intro')}>
      <SettingsColumns>
        <form
          className="table-cards-form"
          noValidate
          onSubmit={(submit) => {
            submit.preventDefault();
            void make();
          }}
        >
          <SelectField
            label={t('tableCards.paper')}
            value={paper}
            options={[
              { value: 'A4', label: t('tableCards.paperA4') },
              { value: 'LETTER', label: t('tableCards.paperLetter') },
            ]}
            onValueChange={(value) => setPaper(value as TableCardPaper)}
          />
          <SelectField
            label={t('tableCards.perPage')}
            value={String(perPage)}
            options={TABLE_CARDS_PER_PAGE.map((count) => ({
              value: String(count),
              label: t(`tableCards.perPage${count}`),
            }))}
            onValueChange={(value) => setPerPage(Number(value) as TableCardsPerPage)}
          />
          <CheckboxField
            label={t('tableCards.perTable')}
            hint={t('tableCards.perTableHint')}
            checked={perTable}
            onCheckedChange={setPerTable}
          />
          {perTable && (
            <TextField
              label={t('tableCards.tableCount')}
              inputMode="numeric"
              value={tableCount}
              maxLength={3}
              error={
                tablesInvalid
                  ? t('errors.TABLE_NUMBER_INVALID', { count: TABLE_CARD_LIMITS.maxTableNumber })
                  : undefined
              }
              onValueChange={setTableCount}
            />
          )}
          <div className="button-row">
            <Button type="submit" variant="secondary" disabled={making || tablesInvalid}>
              {making ? t('tableCards.making') : t('tableCards.make')}
            </Button>
          </div>
        </form>
      </SettingsColumns>
      <div role="status">
        {made && (
          <div className="table-cards-ready">
            <p>{t('tableCards.ready', { count: made.pageCount })}</p>
            <div className="button-row">
              <a ref={downloadRef} href={made.url} download={made.fileName} className="button button-primary">
                {t('tableCards.download')}
              </a>
            </div>
          </div>
        )}
      </div>
      {failure && (
        <p className="form-error" role="alert">
          {t(`errors.${failure.code}`, { count: failure.count })}
        </p>
      )}
    </PageSection>
  );
}

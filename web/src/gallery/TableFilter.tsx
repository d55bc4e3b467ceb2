import { memo } from 'react';
import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../ui/Field';
import { GALLERY_TABLES_QUERY } from './graphql';
import { filteredTable, tableFilter } from './useChallengePhotos';

/**
 * "Photos from": every table, or the photos uploaded from one table's card (table cards), with each table's count
 * as the gallery was read. Shown only once some photos carry a table.
 */
export const TableFilter = memo(function TableFilter({
  code,
  filter,
  onFilter,
}: {
  code: string;
  filter: string | null;
  onFilter: (filter: string | null) => void;
}) {
  const { t } = useTranslation();
  const { data } = useQuery(GALLERY_TABLES_QUERY, { variables: { code }, fetchPolicy: 'cache-and-network' });
  const tables = data?.event?.tables ?? [];
  if (tables.length === 0) return null;
  const chosen = filteredTable(filter);
  return (
    <div className="table-filter">
      <SelectField
        label={t('tableCards.filter')}
        value={chosen === null ? '' : String(chosen)}
        options={[
          { value: '', label: t('tableCards.allTables') },
          ...tables.map((table) => ({
            value: String(table.number),
            label: t('tableCards.tableOption', { number: table.number, count: table.photoCount }),
          })),
        ]}
        onValueChange={(value) => onFilter(value ? tableFilter(Number(value)) : null)}
      />
    </div>
  );
});

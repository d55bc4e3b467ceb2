import './gallery.css';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../ui/Field';
import { filteredTable, tableFilter } from './useChallengePhotos';

/**
 * "Photos from": every table, or the photos uploaded from one table's card (table cards), each table with its
 * photo count as the screen keeps it (`counts`, by table number: read with the gallery, moved live as photos
 * arrive and are removed). Shown only once some photos carry a table; a table whose photos were all removed
 * leaves the list unless it is the one shown.
 */
export const TableFilter = memo(function TableFilter({
  counts,
  filter,
  onFilter,
}: {
  counts: Record<string, number>;
  filter: string | null;
  onFilter: (filter: string | null) => void;
}) {
  const { t } = useTranslation();
  const chosen = filteredTable(filter);
  const tables = Object.entries(counts)
    .map(([number, photoCount]) => ({ number: Number(number), photoCount }))
    .filter((table) => table.photoCount > 0 || table.number === chosen)
    .sort((a, b) => a.number - b.number);
  if (tables.length === 0) return null;
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

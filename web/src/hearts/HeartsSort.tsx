import { memo } from 'react';
import { useTranslation } from 'react-i18next';

export type HeartsOrder = 'newest' | 'mostLoved';

/**
 * The grid's order: newest first, or most loved first. Two toggle buttons in a labelled group. Memoized: a photo
 * joining the grid does not render it again.
 */
export const HeartsSort = memo(function HeartsSort({
  order,
  onOrder,
}: {
  order: HeartsOrder;
  onOrder: (order: HeartsOrder) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="hearts-sort" role="group" aria-label={t('hearts.sortLabel')}>
      {(['newest', 'mostLoved'] as const).map((value) => (
        <button
          key={value}
          type="button"
          className={order === value ? 'button button-primary' : 'button button-secondary'}
          aria-pressed={order === value}
          data-testid={`order-${value}`}
          onClick={() => onOrder(value)}
        >
          {t(`hearts.${value}`)}
        </button>
      ))}
    </div>
  );
});

import { memo } from 'react';
import { useTranslation } from 'react-i18next';

export type HeartsOrder = 'newest' | 'mostLoved' | 'highlights';

/**
 * The grid's order: newest first, most loved first, or Highlights (the best photos of the night); for a guest, a third choice shows only their own uploads
 * (My photos). Toggle buttons in a labelled group that wraps within the page's column. Memoized: a photo joining
 * the grid does not render it again.
 */
export const HeartsSort = memo(function HeartsSort({
  order,
  onOrder,
  mine,
}: {
  order: HeartsOrder;
  onOrder: (order: HeartsOrder) => void;
  /** My photos, offered when given: whether it is shown, and the switch. */
  mine?: { shown: boolean; onShow: (shown: boolean) => void };
}) {
  const { t } = useTranslation();
  const pill = (pressed: boolean) =>
    pressed ? 'button button-small button-primary' : 'button button-small button-secondary';
  return (
    <div className="hearts-sort" role="group" aria-label={t('hearts.sortLabel')}>
      {(['newest', 'mostLoved', 'highlights'] as const).map((value) => {
        const pressed = order === value && !mine?.shown;
        return (
          <button
            key={value}
            type="button"
            className={pill(pressed)}
            aria-pressed={pressed}
            data-testid={`order-${value}`}
            onClick={() => {
              mine?.onShow(false);
              onOrder(value);
            }}
          >
            {t(`hearts.${value}`)}
          </button>
        );
      })}
      {mine && (
        <button
          type="button"
          className={pill(mine.shown)}
          aria-pressed={mine.shown}
          data-testid="my-photos"
          onClick={() => mine.onShow(!mine.shown)}
        >
          {t('hearts.mine')}
        </button>
      )}
    </div>
  );
});

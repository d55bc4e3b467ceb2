import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/useLanguage';
import { countTicks, everyDay, formatDay } from './analyticsScale';
import type { ActivityDay } from './graphql';

/** Few enough days that each point carries its count: a lone day's dot says what it is. */
const LABELLED_POINTS = 3;

/**
 * One gallery's activity over time, a tick for every day (in the page's language) and counts in even steps.
 * Recharts is imported here only, so it loads with this page alone.
 */
export function AnalyticsCharts({ days }: { days: ActivityDay[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const data = everyDay(days);
  const labelled = data.length <= LABELLED_POINTS;
  const dayLabel = (value: unknown) => formatDay(String(value), language);
  const xAxis = (line: boolean) => (
    <XAxis
      dataKey="day"
      tickFormatter={dayLabel}
      interval="preserveStartEnd"
      minTickGap={12}
      padding={line && labelled ? { left: 24, right: 24 } : undefined}
    />
  );
  // A count on its point, none on a zero (the axis says it, and two zeros would overlap).
  const count = (value: unknown) => (Number(value) > 0 ? String(value) : '');
  const yAxis = (keys: (keyof ActivityDay)[]) => {
    const ticks = countTicks(Math.max(0, ...data.flatMap((day) => keys.map((key) => Number(day[key])))));
    return (
      <YAxis
        allowDecimals={false}
        ticks={ticks}
        interval={0}
        domain={[0, ticks[ticks.length - 1]!]}
        width={40}
      />
    );
  };
  // The series in the same order in every language (by key, not by their translated names), their names in the
  // text colour: the series' own colours, kept on the swatches, are too light for text on the page.
  const legend = (
    <Legend
      itemSorter="dataKey"
      formatter={(name) => <span className="analytics-legend-name">{String(name)}</span>}
    />
  );
  return (
    <div className="analytics-charts">
      <ResponsiveContainer width="100%" height={240}>
        <LineChart data={data} margin={{ top: 20, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          {xAxis(true)}
          {yAxis(['views', 'guests'])}
          <Tooltip labelFormatter={dayLabel} />
          {legend}
          <Line
            type="monotone"
            dataKey="views"
            name={t('owner.analytics.views')}
            stroke="#a0522d"
            isAnimationActive={false}
          >
            {labelled && <LabelList dataKey="views" position="top" formatter={count} />}
          </Line>
          <Line
            type="monotone"
            dataKey="guests"
            name={t('owner.analytics.guests')}
            stroke="#556b2f"
            isAnimationActive={false}
          >
            {labelled && <LabelList dataKey="guests" position="top" formatter={count} />}
          </Line>
        </LineChart>
      </ResponsiveContainer>
      <ResponsiveContainer width="100%" height={200}>
        <BarChart data={data} margin={{ top: 20, right: 16, bottom: 8, left: 0 }} maxBarSize={48}>
          <CartesianGrid strokeDasharray="3 3" />
          {xAxis(false)}
          {yAxis(['uploads', 'downloads'])}
          <Tooltip labelFormatter={dayLabel} />
          {legend}
          <Bar dataKey="uploads" name={t('owner.analytics.uploads')} fill="#c9a66b" isAnimationActive={false}>
            {labelled && <LabelList dataKey="uploads" position="top" formatter={count} />}
          </Bar>
          <Bar
            dataKey="downloads"
            name={t('owner.analytics.downloads')}
            fill="#6b8fc9"
            isAnimationActive={false}
          >
            {labelled && <LabelList dataKey="downloads" position="top" formatter={count} />}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useTranslation } from 'react-i18next';
import type { ActivityDay } from './graphql';

/** One gallery's activity over time. Recharts is imported here only, so it loads with this page alone. */
export function AnalyticsCharts({ days }: { days: ActivityDay[] }) {
  const { t } = useTranslation();
  return (
    <div className="analytics-charts">
      <ResponsiveContainer width="100%" height={240}>
        <LineChart data={days} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="day" />
          <YAxis allowDecimals={false} />
          <Tooltip />
          <Legend />
          <Line type="monotone" dataKey="views" name={t('owner.analytics.views')} stroke="#a0522d" />
          <Line type="monotone" dataKey="guests" name={t('owner.analytics.guests')} stroke="#556b2f" />
        </LineChart>
      </ResponsiveContainer>
      <ResponsiveContainer width="100%" height={200}>
        <BarChart data={days} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="day" />
          <YAxis allowDecimals={false} />
          <Tooltip />
          <Legend />
          <Bar dataKey="uploads" name={t('owner.analytics.uploads')} fill="#c9a66b" />
          <Bar dataKey="downloads" name={t('owner.analytics.downloads')} fill="#6b8fc9" />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

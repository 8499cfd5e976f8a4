import { CartesianGrid, Line, LineChart, ReferenceArea, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTheme } from 'styled-components';
import type { LabTrend, TrendPoint } from './lab-trends';
import { formatShortDate } from './dates';

/** The values' line over time, the reference range as a shaded band, points outside it in the flag colours. Fetched with recharts, only where a trend is shown. */
export default function LabTrendChart({ trend }: { trend: LabTrend }) {
  const { colors } = useTheme();
  const data = trend.points.map((point) => ({ ...point, when: Date.parse(point.date) }));
  const dotColour = (point: TrendPoint) => (point.position === 'above' ? colors.danger : point.position === 'below' ? colors.warning : colors.primary);
  return (
    <ResponsiveContainer width="100%" height={180}>
      <LineChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: -12 }}>
        <CartesianGrid stroke={colors.border} strokeDasharray="3 3" />
        {trend.range ? <ReferenceArea y1={trend.range.low} y2={trend.range.high} fill={colors.successSoft} fillOpacity={0.8} ifOverflow="extendDomain" /> : null}
        <XAxis dataKey="when" type="number" scale="time" domain={['dataMin', 'dataMax']} tickFormatter={(when: number) => formatShortDate(new Date(when).toISOString())} tick={{ fontSize: 11, fill: colors.textMuted }} />
        <YAxis tick={{ fontSize: 11, fill: colors.textMuted }} domain={['auto', 'auto']} />
        <Tooltip labelFormatter={(when) => formatShortDate(new Date(Number(when)).toISOString())} formatter={(value) => [trend.unit ? `${String(value)} ${trend.unit}` : String(value), trend.label]} />
        <Line
          dataKey="value"
          stroke={colors.primary}
          strokeWidth={2}
          isAnimationActive={false}
          dot={({ cx, cy, payload }: { cx?: number; cy?: number; payload?: TrendPoint }) => <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r={5} fill={payload ? dotColour(payload) : colors.primary} stroke={colors.surface} strokeWidth={2} />}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}

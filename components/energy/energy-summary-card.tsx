"use client";
// Home's compact My Energy summary: yesterday, this month so far, and how that month compares.
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import ArrowForward from "@mui/icons-material/ArrowForward";
import Link from "next/link";
import { useEnergySummary, type EnergySummary } from "@/lib/swr/use-energy";
import { changeText, eurText, kwhText, rangeText, addDays } from "./period";

const HEIGHT = 132;

/** Nothing at all when the household has no meter or the summary cannot be had: Home stays quiet. */
export function EnergySummaryCard() {
  const { data, error, isLoading } = useEnergySummary();
  if (isLoading && !data) return <Skeleton variant="rounded" height={HEIGHT} aria-label="Loading your energy summary" sx={{ mb: 2 }} />;
  if (error || !data?.meters.length) return null;
  return (
    <Box sx={{ display: "grid", gap: 1.5, mb: 2 }}>
      {data.meters.map((m) => (
        <SummaryCard key={m.id} meter={m} several={data.meters.length > 1} />
      ))}
    </Box>
  );
}

function Figure({ label, value, sub }: { label: string; value: string; sub?: string | null }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontSize: "1.35rem", fontWeight: 600, lineHeight: 1.25, fontVariantNumeric: "tabular-nums" }}>{value}</Typography>
      {sub && (
        <Typography variant="body2" color="text.secondary">
          {sub}
        </Typography>
      )}
    </Box>
  );
}

function SummaryCard({ meter, several }: { meter: EnergySummary["meters"][number]; several: boolean }) {
  const month = meter.month;
  const vsMonth = changeText(month.kwh, meter.last_month.kwh);
  const vsYear = changeText(month.kwh, meter.last_year.kwh);
  const compare = [vsMonth && `${vsMonth === "same as" ? "same as" : vsMonth + " vs"} last month`, vsYear && `${vsYear === "same as" ? "same as" : vsYear + " vs"} last year`].filter(Boolean).join(" · ");
  const monthDays = month.to > month.from ? rangeText(month.from, addDays(month.to, -1), false) : null;
  return (
    <Card variant="outlined" sx={{ borderRadius: 3, "&:hover": { borderColor: "primary.main" } }}>
      <CardActionArea component={Link} href={several ? `/dashboards?meter=${meter.id}` : "/dashboards"} sx={{ p: { xs: 2, sm: 2.5 }, minHeight: HEIGHT }} aria-label={`My Energy${several ? ` of meter ${meter.usage_point_id}` : ""}: open the charts`}>
        <Box sx={{ display: "flex", alignItems: "center", mb: 1.25 }}>
          <Typography component="h3" sx={{ fontWeight: 600 }}>
            My Energy{several ? ` · meter ${meter.usage_point_id}` : ""}
          </Typography>
          <Box aria-hidden sx={{ ml: "auto", display: "flex", alignItems: "center", gap: 0.5, color: "primary.main", fontWeight: 600, fontSize: 14 }}>
            See the charts <ArrowForward sx={{ fontSize: 16 }} />
          </Box>
        </Box>
        <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr 1fr", sm: "1fr 1fr 1.4fr" }, gap: 2 }}>
          <Figure label="Yesterday" value={kwhText(meter.yesterday.kwh)} sub={meter.yesterday.eur !== null ? eurText(meter.yesterday.eur) : null} />
          <Figure label={`This month so far${monthDays ? ` (${monthDays})` : ""}`} value={kwhText(month.kwh)} sub={month.eur !== null ? eurText(month.eur) : null} />
          <Box sx={{ gridColumn: { xs: "1 / -1", sm: "auto" }, alignSelf: "center" }}>
            <Typography variant="body2" color={compare ? "text.primary" : "text.secondary"} sx={{ fontWeight: compare ? 500 : 400 }}>
              {compare || "Nothing to compare with yet"}
            </Typography>
          </Box>
        </Box>
      </CardActionArea>
    </Card>
  );
}

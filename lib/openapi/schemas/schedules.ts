// The Schedule view (lib/serializers/schedule.ts): its `data` as scheduleDataSchema stores it.
import { z } from "zod";
import type { toScheduleView } from "@/lib/serializers/schedule";
import type { Assert, Same } from "../same-type";

const ints = z.array(z.number().int());
const part = z.object({ months: ints, days: ints, hours: ints, average_power: z.number() });

export const scheduleViewSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  der_name: z.string(),
  type: z.string().meta({ description: 'always "manual_weekahead"' }),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  data: z.object({
    der_name: z.string(),
    average_power: z.number(),
    months: ints.meta({ description: "1-12, ascending" }),
    days: ints.meta({ description: "0 (Monday) to 6, ascending" }),
    hours: ints.meta({ description: "0-23, ascending" }),
    start_date: z.iso.datetime(),
    schedules: z.array(part).optional(),
  }),
});
type _ScheduleView = Assert<Same<z.output<typeof scheduleViewSchema>, ReturnType<typeof toScheduleView>>>;

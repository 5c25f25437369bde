import { db } from "@/lib/db";

/** A household to look at: a home, three metered devices with their channels and a battery schedule. */
export async function seedDemoHousehold(userId: number) {
  await db.$transaction(async (tx) => {
    const home = await tx.location.create({ data: { ownerId: userId, name: "Home", country: "FR", lat: 45.18756, lon: 5.73578 } });
    await tx.device.create({
      data: {
        ownerId: userId, locationId: home.id, deviceId: "shellyem-C45BBE6B2D42", deviceType: "shelly", phaseM: "single", dataSource: "mqtt", mqttHost: "mqtt.foyer.local",
        measurements: {
          create: [
            { name: "emeter_0", displayName: "Grid", measureType: "total_home", classification: "consumption", quantities: [{ unit: "W", databaseMeasurementPrefix: "power" }] },
            { name: "emeter_1", displayName: "Solar panels", measureType: "pv", classification: "production", quantities: [{ unit: "W", databaseMeasurementPrefix: "power" }] },
          ],
        },
      },
    });
    await tx.device.create({
      data: {
        ownerId: userId, locationId: home.id, deviceId: "spoony-3P-0042", deviceType: "spoony", phaseM: "three", dataSource: "mqtt",
        measurements: { create: [{ name: "ABC", displayName: "Phase ABC", measureType: "total_home", classification: "consumption" }] },
      },
    });
    await tx.device.create({
      data: {
        ownerId: userId, locationId: home.id, deviceId: "linky-09123456789012", deviceType: "linky", dataSource: "linky_api",
        measurements: { create: [{ name: "ABC", displayName: "Linky meter", measureType: "total_home", classification: "consumption", quantities: [{ unit: "Wh", databaseMeasurementPrefix: "energy" }] }] },
      },
    });
    await tx.schedule.create({
      data: {
        userId, derName: "Home battery",
        data: { der_name: "Home battery", average_power: 2000, months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], days: [0, 1, 2, 3, 4, 5, 6], hours: [10, 11, 12, 13, 14, 15], start_date: new Date().toISOString() },
      },
    });
  });
}

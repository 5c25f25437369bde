// Tariff rows and Tempo colours in the database (the pure rules are in lib/energy/).
export * from "./tariffs";
export * from "./tempo";

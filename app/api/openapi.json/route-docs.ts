// The openapi.ts beside each app/api/**/route.ts (lib/openapi/operations.ts says what one holds),
// listed beside the route that serves the document (lib/, which builds it, imports nothing of app/):
// the document is made of these, its paths in this order (and so Swagger UI's operations within a
// tag). tests/integration/openapi.test.ts checks the list against the folders: a route.ts without
// its openapi.ts, or an openapi.ts missing here, fails it.
import type { RouteDoc } from "@/lib/openapi/operations";
import token from "@/app/api/token/openapi";
import signup from "@/app/api/signup/openapi";
import tokenRefresh from "@/app/api/token/refresh/openapi";
import passwordRecoveryEmail from "@/app/api/password-recovery/[email]/openapi";
import resetPassword from "@/app/api/reset-password/openapi";
import health from "@/app/api/health/openapi";
import openapiJson from "@/app/api/openapi.json/openapi";
import docs from "@/app/api/docs/openapi";
import usersMe from "@/app/api/v1/users/me/openapi";
import usersMeAcceptTos from "@/app/api/v1/users/me/accept_tos/openapi";
import usersMePassword from "@/app/api/v1/users/me/password/openapi";
import usersMeEmail from "@/app/api/v1/users/me/email/openapi";
import usersMeDeletion from "@/app/api/v1/users/me/deletion/openapi";
import usersMeDelete from "@/app/api/v1/users/me/delete/openapi";
import usersMeArchives from "@/app/api/v1/users/me/archives/openapi";
import usersMeArchivesId from "@/app/api/v1/users/me/archives/[id]/openapi";
import usersMeArchivesIdDownload from "@/app/api/v1/users/me/archives/[id]/download/openapi";
import users from "@/app/api/v1/users/openapi";
import usersId from "@/app/api/v1/users/[id]/openapi";
import schedules from "@/app/api/v1/schedules/openapi";
import schedulesManualWeekahead from "@/app/api/v1/schedules/manual_weekahead/openapi";
import schedulesId from "@/app/api/v1/schedules/[id]/openapi";
import flexEvents from "@/app/api/v1/flex_events/openapi";
import flexEventsId from "@/app/api/v1/flex_events/[id]/openapi";
import flexEventsIdCancel from "@/app/api/v1/flex_events/[id]/cancel/openapi";
import flexEventsIdResults from "@/app/api/v1/flex_events/[id]/results/openapi";
import flexibility from "@/app/api/v1/flexibility/openapi";
import flexibilityEvents from "@/app/api/v1/flexibility/events/openapi";
import flexibilityEventsId from "@/app/api/v1/flexibility/events/[id]/openapi";
import flexibilityEventsIdChoice from "@/app/api/v1/flexibility/events/[id]/choice/openapi";
import usersMeSharing from "@/app/api/v1/users/me/sharing/openapi";
import usersMeSharingLog from "@/app/api/v1/users/me/sharing/log/openapi";
import partners from "@/app/api/v1/partners/openapi";
import partnersIdRevoke from "@/app/api/v1/partners/[id]/revoke/openapi";
import partnerToken from "@/app/api/partner/token/openapi";
import partnerV1Live from "@/app/api/partner/v1/live/openapi";
import partnerV1EventsIdResults from "@/app/api/partner/v1/events/[id]/results/openapi";
import partnerV1Offers from "@/app/api/partner/v1/offers/openapi";
import flexibilityOffers from "@/app/api/v1/flexibility/offers/openapi";
import flexibilityOffersSend from "@/app/api/v1/flexibility/offers/send/openapi";
import flexibilityOffersId from "@/app/api/v1/flexibility/offers/[id]/openapi";
import flexOffers from "@/app/api/v1/flex_offers/openapi";
import flexOffersId from "@/app/api/v1/flex_offers/[id]/openapi";
import flexOffersIdAccept from "@/app/api/v1/flex_offers/[id]/accept/openapi";
import flexOffersIdReject from "@/app/api/v1/flex_offers/[id]/reject/openapi";
import flexOffersByHour from "@/app/api/v1/flex_offers/by_hour/openapi";
import flexOffersExport from "@/app/api/v1/flex_offers/export/openapi";
import flexOffersPrices from "@/app/api/v1/flex_offers/prices/openapi";
import usersMeHousehold from "@/app/api/v1/users/me/household/openapi";
import usersMeHomesLikeMine from "@/app/api/v1/users/me/homes_like_mine/openapi";
import usersMeCommunity from "@/app/api/v1/users/me/community/openapi";
import communitySummary from "@/app/api/v1/community/summary/openapi";
import communityFlexByHour from "@/app/api/v1/community/flex_by_hour/openapi";
import communityMembers from "@/app/api/v1/community/members/openapi";
import communityMembersIdExit from "@/app/api/v1/community/members/[id]/exit/openapi";
import communitySettings from "@/app/api/v1/community/settings/openapi";
import communityShares from "@/app/api/v1/community/shares/openapi";
import communityCoefficients from "@/app/api/v1/community/coefficients/openapi";
import communitySimulate from "@/app/api/v1/community/simulate/openapi";
import communityAccImports from "@/app/api/v1/community/acc_imports/openapi";
import communityAccImportsSample from "@/app/api/v1/community/acc_imports/sample/openapi";
import communityAccImportsId from "@/app/api/v1/community/acc_imports/[id]/openapi";
import deviceInfo from "@/app/api/v1/device_info/openapi";
import deviceInfoId from "@/app/api/v1/device_info/[id]/openapi";
import deviceInfoIdMqtt from "@/app/api/v1/device_info/[id]/mqtt/openapi";
import deviceInfoIdMqttPassword from "@/app/api/v1/device_info/[id]/mqtt/password/openapi";
import deviceInfoIdLive from "@/app/api/v1/device_info/[id]/live/openapi";
import deviceInfoIdSeries from "@/app/api/v1/device_info/[id]/series/openapi";
import deviceMeasurementMetadata from "@/app/api/v1/device_measurement_metadata/openapi";
import deviceMeasurementMetadataId from "@/app/api/v1/device_measurement_metadata/[id]/openapi";
import userDevices from "@/app/api/v1/user_devices/openapi";
import userDevicesId from "@/app/api/v1/user_devices/[id]/openapi";
import devices from "@/app/api/v1/devices/openapi";
import devicesId from "@/app/api/v1/devices/[id]/openapi";
import locations from "@/app/api/v1/locations/openapi";
import locationsMy from "@/app/api/v1/locations/my/openapi";
import locationsId from "@/app/api/v1/locations/[id]/openapi";
import locations1 from "@/app/api/v1/locations1/openapi";
import locations1Id from "@/app/api/v1/locations1/[id]/openapi";
import integrations from "@/app/api/integrations/openapi";
import legrandMyIntegrations from "@/app/api/legrand/my-integrations/openapi";
import integrationsVendorLink from "@/app/api/integrations/[id]/link/openapi";
import integrationsVendorCallback from "@/app/api/integrations/[id]/callback/openapi";
import integrationsId from "@/app/api/integrations/[id]/openapi";
import integrationsLinkyMyMeterConsumption from "@/app/api/integrations/linky/my/[meter]/consumption/openapi";
import integrationsLinkyMyMeterProduction from "@/app/api/integrations/linky/my/[meter]/production/openapi";
import integrationsNetatmoMyHomesdata from "@/app/api/integrations/netatmo/my/homesdata/openapi";
import legrandGetPlantsHc from "@/app/api/legrand/get_plants/hc/openapi";
import meters from "@/app/api/v1/meters/openapi";
import metersId from "@/app/api/v1/meters/[id]/openapi";
import metersIdSync from "@/app/api/v1/meters/[id]/sync/openapi";
import metersIdEnergy from "@/app/api/v1/meters/[id]/energy/openapi";
import metersIdTariffComparison from "@/app/api/v1/meters/[id]/tariff-comparison/openapi";
import metersIdExport from "@/app/api/v1/meters/[id]/export/openapi";
import metersImportPreview from "@/app/api/v1/meters/import/preview/openapi";
import metersImport from "@/app/api/v1/meters/import/openapi";
import energySummary from "@/app/api/v1/energy/summary/openapi";
import energyNow from "@/app/api/v1/energy/now/openapi";
import energyBreakdown from "@/app/api/v1/energy/breakdown/openapi";
import tariffs from "@/app/api/v1/tariffs/openapi";
import tariffsId from "@/app/api/v1/tariffs/[id]/openapi";
import dashboards from "@/app/api/v1/dashboards/openapi";
import catchAll from "@/app/api/[...path]/openapi";
import nextAuth from "@/app/api/auth/[...nextauth]/openapi";
import sandbox from "@/app/api/sandbox/[vendor]/[...path]/openapi";
import docsFile from "@/app/api/docs/[file]/openapi";

export const ROUTE_DOCS: RouteDoc[] = [
  // auth and meta
  token, signup, tokenRefresh, passwordRecoveryEmail, resetPassword, health, openapiJson, docs,
  // users and My Account
  usersMe, usersMeAcceptTos, usersMePassword, usersMeEmail, usersMeDeletion, usersMeDelete, usersMeArchives,
  usersMeArchivesId, usersMeArchivesIdDownload, users, usersId,
  // schedules
  schedules, schedulesManualWeekahead, schedulesId,
  // community flexibility: the household's side, then the operator's
  flexibility, flexibilityEvents, flexibilityEventsId, flexibilityEventsIdChoice, flexEvents, flexEventsId, flexEventsIdCancel,
  flexEventsIdResults,
  // flexibility offers: the household's, then the operator's
  flexibilityOffers, flexibilityOffersSend, flexibilityOffersId, flexOffers, flexOffersByHour, flexOffersExport, flexOffersPrices, flexOffersId, flexOffersIdAccept, flexOffersIdReject,
  // the community (collective self-consumption): the household's side, then the operator's
  usersMeHousehold, usersMeHomesLikeMine, usersMeCommunity, communitySummary, communityFlexByHour, communityMembers, communityMembersIdExit,
  communitySettings, communityShares, communityCoefficients, communitySimulate, communityAccImports, communityAccImportsSample, communityAccImportsId,
  // real-time sharing by consent: the household's consent and log, the operator's partners, the partner's own API
  usersMeSharing, usersMeSharingLog, partners, partnersIdRevoke, partnerToken, partnerV1Live, partnerV1EventsIdResults, partnerV1Offers,
  // devices
  deviceInfo, deviceInfoId, deviceInfoIdMqtt, deviceInfoIdMqttPassword, deviceInfoIdLive, deviceInfoIdSeries, deviceMeasurementMetadata, deviceMeasurementMetadataId, userDevices,
  userDevicesId, devices, devicesId,
  // locations
  locations, locationsMy, locationsId, locations1, locations1Id,
  // integrations
  integrations, legrandMyIntegrations, integrationsVendorLink, integrationsVendorCallback, integrationsId,
  integrationsLinkyMyMeterConsumption, integrationsLinkyMyMeterProduction, integrationsNetatmoMyHomesdata,
  legrandGetPlantsHc,
  // meters and My Energy
  meters, metersId, metersIdSync, metersIdEnergy, metersIdTariffComparison, metersIdExport,
  metersImportPreview, metersImport, energySummary, energyNow, energyBreakdown,
  // tariffs
  tariffs, tariffsId,
  // dashboards
  dashboards,
  // left out of the document, each with its reason
  catchAll, nextAuth, sandbox, docsFile,
];

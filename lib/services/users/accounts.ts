import { db, Prisma } from "@/lib/db";
import type { Caller } from "@/lib/auth/caller";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { badRequest, conflict, notFound } from "@/lib/errors";
import { isUniqueViolation } from "@/lib/db/constraints";
import type { ListParams } from "@/lib/http/list";
import { assertUserChangeAllowed, mayAddressUser, userScope } from "@/lib/services/access";
import { containsInsensitive, fromEpochMs, orderWithId, readPage, whereAll } from "@/lib/services/sql-page";
import type { UserListFilters } from "@/lib/validation/list-filters";
import type { User } from "@/lib/generated/prisma/client";
import { confirmPassword, USER_EXISTS } from "@/lib/services/auth/sign-in";
import type { UserCreate, UserUpdate } from "@/lib/validation/user";
import { PRIVACY_NOTICE } from "@/lib/privacy/notice";

/** The columns a User view needs: never the password hash. */
export const userViewSelect = {
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  isActive: true,
  isSuperuser: true,
  acceptedTos: true,
  tosVersion: true,
  createdAt: true,
} as const;

export type UserRow = Pick<User, keyof typeof userViewSelect>;

export const USER_SORTABLE = ["id", "email", "first_name", "last_name", "is_active", "is_superuser", "accepted_tos", "created_at"] as const;
type UserSort = (typeof USER_SORTABLE)[number];

const sortColumn: Record<Exclude<UserSort, "accepted_tos">, Prisma.Sql> = {
  id: Prisma.sql`u.id`,
  email: Prisma.sql`u.email`,
  first_name: Prisma.sql`u.first_name`,
  last_name: Prisma.sql`u.last_name`,
  is_active: Prisma.sql`u.is_active`,
  is_superuser: Prisma.sql`u.is_superuser`,
  created_at: Prisma.sql`u.created_at`,
};

/** Self or admin; anyone else's id is answered as missing. */
export async function getUserOrThrow(caller: Caller, id: number): Promise<UserRow> {
  if (!mayAddressUser(caller, id)) throw notFound("User");
  const user = await db.user.findUnique({ where: { id }, select: userViewSelect });
  if (!user) throw notFound("User");
  return user;
}

/**
 * Admin: every user, filtered and paged; anyone else: a list holding only themselves. The page and
 * its total in one statement (lib/services/sql-page.ts).
 */
export async function listUsers(caller: Caller, p: ListParams<UserSort, UserListFilters>): Promise<{ items: UserRow[]; total: number }> {
  const conditions: Prisma.Sql[] = [];
  const { id } = userScope(caller);
  if (id !== undefined) conditions.push(Prisma.sql`u.id = ${id}`);
  else if (p.ids) conditions.push(Prisma.sql`u.id = ANY(${p.ids}::int[])`);
  const { is_active: isActive, is_superuser: isSuperuser, accepted_tos: acceptedTos } = p.filters;
  if (isActive !== undefined) conditions.push(Prisma.sql`u.is_active = ${isActive}`);
  if (isSuperuser !== undefined) conditions.push(Prisma.sql`u.is_superuser = ${isSuperuser}`);
  // accepted_tos is the current notice's acceptance (lib/privacy/notice.ts)
  const version = PRIVACY_NOTICE.version;
  if (acceptedTos === true) conditions.push(Prisma.sql`(u.accepted_tos = true AND u.tos_version >= ${version})`);
  if (acceptedTos === false) conditions.push(Prisma.sql`(u.accepted_tos = false OR u.tos_version IS NULL OR u.tos_version < ${version})`);
  if (p.filters.email) conditions.push(Prisma.sql`u.email = ${p.filters.email.trim().toLowerCase()}`);
  if (p.filters.first_name !== undefined) conditions.push(Prisma.sql`u.first_name = ${p.filters.first_name}`);
  if (p.filters.last_name !== undefined) conditions.push(Prisma.sql`u.last_name = ${p.filters.last_name}`);
  if (p.q) {
    const q = p.q;
    conditions.push(Prisma.sql`(${Prisma.join([Prisma.sql`u.email`, Prisma.sql`u.first_name`, Prisma.sql`u.last_name`].map((c) => containsInsensitive(c, q)), " OR ")})`);
  }
  const where = whereAll(conditions);
  const orderBy =
    p.sort.field === "accepted_tos"
      ? // by the version accepted, never first: false (none, older) then true (current) when ascending
        p.sort.order === "asc"
        ? Prisma.sql`u.tos_version ASC NULLS FIRST, u.id ASC`
        : Prisma.sql`u.tos_version DESC NULLS LAST, u.id ASC`
      : orderWithId(sortColumn, p.sort.field, p.sort.order);
  const { rows, total } = await readPage(
    Prisma.sql`SELECT count(*)::int FROM users u ${where}`,
    Prisma.sql`SELECT json_agg(json_build_array(u.id, u.email, u.first_name, u.last_name, u.is_active, u.is_superuser, u.accepted_tos, u.tos_version,
        (extract(epoch FROM u.created_at) * 1000)::bigint) ORDER BY ${orderBy})
      FROM (SELECT * FROM users u ${where} ORDER BY ${orderBy} LIMIT ${p.take} OFFSET ${p.skip}) u`,
  );
  const items = rows.map(
    (r): UserRow => ({
      id: r[0] as number,
      email: r[1] as string,
      firstName: r[2] as string | null,
      lastName: r[3] as string | null,
      isActive: r[4] as boolean,
      isSuperuser: r[5] as boolean,
      acceptedTos: r[6] as boolean,
      tosVersion: r[7] as number | null,
      createdAt: fromEpochMs(r[8] as number),
    }),
  );
  return { items, total };
}

/** POST /api/v1/users (admin) */
export async function createUser(input: UserCreate): Promise<UserRow> {
  try {
    return await db.user.create({
      data: {
        email: input.email,
        hashedPassword: await hashPassword(input.password),
        firstName: input.first_name ?? null,
        lastName: input.last_name ?? null,
        isActive: input.is_active,
        isSuperuser: input.is_superuser,
      },
      select: userViewSelect,
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(USER_EXISTS, "user_exists");
    throw e;
  }
}

/**
 * PUT /api/v1/users/{id}. A user may change their own first and last name (repeating unchanged
 * values of other fields is allowed); an admin may change everything. A new password retires
 * the user's earlier tokens.
 */
export async function updateUser(caller: Caller, id: number, input: UserUpdate): Promise<UserRow> {
  const current = await getUserOrThrow(caller, id);
  assertUserChangeAllowed(caller, current, input);
  const data: Prisma.UserUpdateInput = {};
  if (input.first_name !== undefined) data.firstName = input.first_name;
  if (input.last_name !== undefined) data.lastName = input.last_name;
  if (input.email !== undefined) data.email = input.email;
  if (input.is_active !== undefined) data.isActive = input.is_active;
  if (input.is_superuser !== undefined) data.isSuperuser = input.is_superuser;
  // a new password, or a deactivation, ends every token and session issued before: reactivating
  // the account later does not bring them back
  const deactivated = input.is_active === false && current.isActive;
  if (input.password !== undefined) data.hashedPassword = await hashPassword(input.password);
  if (input.password !== undefined || deactivated) data.tokenVersion = { increment: 1 };
  try {
    return await db.user.update({ where: { id }, data, select: userViewSelect });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(USER_EXISTS, "user_exists");
    throw e;
  }
}

/** Whether the caller accepted an earlier version of the privacy notice than the current one. */
export async function acceptedOlderNotice(caller: Caller): Promise<boolean> {
  if (caller.acceptedTos) return false;
  const u = await db.user.findUnique({ where: { id: caller.id }, select: { tosVersion: true } });
  return u?.tosVersion != null && u.tosVersion < PRIVACY_NOTICE.version;
}

/** POST /api/v1/users/me/accept_tos: accepts the current version of the privacy notice. */
export async function acceptTos(caller: Caller): Promise<UserRow> {
  return db.user.update({ where: { id: caller.id }, data: { acceptedTos: true, tosVersion: PRIVACY_NOTICE.version, tosAcceptedAt: new Date() }, select: userViewSelect });
}

/** POST /api/v1/users/me/password: needs the current password; retires every earlier token. */
export async function changePassword(caller: Caller, currentPassword: string, newPassword: string): Promise<string> {
  const row = await db.user.findUniqueOrThrow({ where: { id: caller.id }, select: { hashedPassword: true } });
  if (!(await verifyPassword(currentPassword, row.hashedPassword))) throw badRequest("Incorrect password", "incorrect_password");
  await db.user.update({
    where: { id: caller.id },
    data: { hashedPassword: await hashPassword(newPassword), tokenVersion: { increment: 1 } },
  });
  return "Password updated successfully";
}

/**
 * POST /api/v1/users/me/email: a new e-mail (already trimmed and lower-cased by the schema, as at
 * signup), after the password (400 `Incorrect password`, limited like logins). An address another
 * account holds is 409 as at signup. Password-reset links sent to the old address stop working;
 * tokens and sessions stay valid (they name the user by id, and its e-mail is read afresh).
 */
export async function changeEmail(caller: Caller, password: string, newEmail: string, ip: string): Promise<UserRow> {
  await confirmPassword(caller.id, password, ip);
  try {
    return await db.$transaction(async (tx) => {
      const user = await tx.user.update({ where: { id: caller.id }, data: { email: newEmail }, select: userViewSelect });
      await tx.passwordResetToken.deleteMany({ where: { userId: caller.id, usedAt: null } });
      return user;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(USER_EXISTS, "user_exists");
    throw e;
  }
}

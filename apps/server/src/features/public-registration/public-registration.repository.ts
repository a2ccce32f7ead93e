import { and, asc, eq, isNull } from 'drizzle-orm';
import type { StoredRegTypeAttribute, StoredSignature } from '../../db/schema/index';
import {
  clients,
  files,
  registrationBuildings,
  registrationInvitations,
  registrations,
  registrationTypes,
  states,
  vendorCompanies,
} from '../../db/schema/index';
import type { Db } from '../../platform/db/database';

/** What a public form's address names: a registration type, or a SafeVendor company (ADR 0014). */
export interface FormOwner {
  typeId: number | null;
  companyId: number | null;
}

/**
 * The public form reaches exactly one registration type: the active type with this URL code of
 * this district (ADR 0012). There is no actor: every query is scoped by the (client id, code)
 * pair of the address, and an invitation only by its token's hash AND that type.
 */
export function createPublicRegistrationRepository(db: Db) {
  return {
    /**
     * A SafeVendor company's public form (issue 15: "Vendors self-register on the company's public
     * form … with the company instead of a type"; ADR 0014): the company answers like a type
     * without questions, in English. Company and type codes share one namespace per district.
     */
    async findActiveCompany(clientId: number, code: string) {
      const [row] = await db
        .select({
          id: vendorCompanies.id,
          clientId: vendorCompanies.clientId,
          name: vendorCompanies.name,
          clientName: clients.name,
          clientSettings: clients.settings,
        })
        .from(vendorCompanies)
        .innerJoin(clients, eq(clients.id, vendorCompanies.clientId))
        .where(
          and(
            eq(vendorCompanies.clientId, clientId),
            eq(vendorCompanies.code, code),
            eq(vendorCompanies.isActive, true),
            eq(clients.active, true),
          ),
        )
        .limit(1);
      return row;
    },

    async findActiveType(clientId: number, code: string) {
      const [row] = await db
        .select({
          id: registrationTypes.id,
          clientId: registrationTypes.clientId,
          name: registrationTypes.name,
          language: registrationTypes.language,
          attributes: registrationTypes.attributes,
          clientName: clients.name,
          clientSettings: clients.settings,
        })
        .from(registrationTypes)
        .innerJoin(clients, eq(clients.id, registrationTypes.clientId))
        .where(
          and(
            eq(registrationTypes.clientId, clientId),
            eq(registrationTypes.code, code),
            eq(registrationTypes.isActive, true),
            eq(clients.active, true),
          ),
        )
        .limit(1);
      return row;
    },

    /**
     * An open (unanswered) invitation of this type with this token hash. Cancelled warnings stop
     * the reminders only (spec 001 §2 Cancel Email Warnings): the link keeps working.
     */
    async findOpenInvitation(owner: FormOwner, tokenHash: string) {
      const [row] = await db
        .select({
          id: registrationInvitations.id,
          firstname: registrationInvitations.firstname,
          lastname: registrationInvitations.lastname,
          email: registrationInvitations.email,
          phone: registrationInvitations.phone,
          requestedExpDate: registrationInvitations.requestedExpDate,
          renewalOfId: registrationInvitations.renewalOfId,
        })
        .from(registrationInvitations)
        .where(
          and(
            eq(registrationInvitations.tokenHash, tokenHash),
            owner.typeId !== null
              ? eq(registrationInvitations.registrationTypeId, owner.typeId)
              : eq(registrationInvitations.vendorCompanyId, owner.companyId ?? -1),
            isNull(registrationInvitations.answeredAt),
          ),
        )
        .limit(1);
      return row;
    },

    /**
     * The registration a renewal invitation renews (ADR 0038), only of this type: what its form is
     * filled in with and what tells the same person apart. Reached only through an open
     * invitation's token (the caller found the invitation by its hash and this type).
     */
    async renewalSource(registrationId: number, owner: FormOwner) {
      const [row] = await db
        .select({
          id: registrations.id,
          clientId: registrations.clientId,
          firstname: registrations.firstname,
          middlename: registrations.middlename,
          lastname: registrations.lastname,
          email: registrations.email,
          phone: registrations.phone,
          dob: registrations.dob,
          street1: registrations.street1,
          street2: registrations.street2,
          city: registrations.city,
          state: registrations.state,
          zipcode: registrations.zipcode,
          answers: registrations.answers,
          photoFileId: registrations.photoFileId,
          expDate: registrations.expDate,
        })
        .from(registrations)
        .where(
          and(
            eq(registrations.id, registrationId),
            owner.typeId !== null
              ? eq(registrations.registrationTypeId, owner.typeId)
              : eq(registrations.vendorCompanyId, owner.companyId ?? -1),
          ),
        )
        .limit(1);
      return row;
    },

    /** A renewal keeps the buildings its registration was limited to (spec 001 §2 Buildings; ADR 0038). */
    async copyBuildings(tx: Db, fromId: number, toId: number) {
      const rows = await tx
        .select({ buildingId: registrationBuildings.buildingId })
        .from(registrationBuildings)
        .where(eq(registrationBuildings.registrationId, fromId));
      if (rows.length > 0) {
        await tx
          .insert(registrationBuildings)
          .values(rows.map((r) => ({ registrationId: toId, buildingId: r.buildingId })));
      }
    },

    listStates: () =>
      db
        .select({ id: states.id, name: states.name, abbreviation: states.abbreviation })
        .from(states)
        .orderBy(asc(states.name)),

    async insertPhoto(tx: Db, clientId: number, bytes: Buffer): Promise<string> {
      const [row] = await tx
        .insert(files)
        // no account uploads it: created_by stays null (the audit record names the request)
        .values({
          clientId,
          kind: 'registration-photo',
          contentType: 'image/jpeg',
          bytes,
          size: bytes.length,
          createdBy: null,
        })
        .returning({ id: files.id });
      return row.id;
    },

    async insertRegistration(
      tx: Db,
      v: {
        clientId: number;
        /** a volunteer's type, or null for a SafeVendor registration of `vendorCompanyId` */
        registrationTypeId: number | null;
        vendor: boolean;
        vendorCompanyId: number | null;
        firstname: string;
        middlename: string;
        lastname: string;
        email: string;
        phone: string;
        dob: string;
        street1: string;
        street2: string;
        city: string;
        state: string;
        zipcode: string;
        photoFileId: string | null;
        expDate: string | null;
        ddStatus: number | null;
        answers: StoredRegTypeAttribute[];
        signature: StoredSignature;
        source: 'public' | 'invitation';
        invitationId: number | null;
        /** ADR 0038: the registration this submission renews */
        renewalOfId: number | null;
        badgeCode: string;
        createdAt: Date;
      },
    ): Promise<number> {
      const [row] = await tx
        .insert(registrations)
        .values({
          ...v,
          // spec 001 §3: null = pending; a public submission is always decided by the district
          approved: null,
          // the applicant gets the expiry warning once approved (issue 11; §2 Cancel Email Warnings)
          emailWarnings: true,
          updatedAt: v.createdAt,
        })
        .returning({ id: registrations.id });
      return row.id;
    },

    /** Marks the invitation answered, once: false when it was answered meanwhile (a double submit). */
    async answerInvitation(tx: Db, id: number, registrationId: number, now: Date): Promise<boolean> {
      const rows = await tx
        .update(registrationInvitations)
        .set({ answeredAt: now, registrationId })
        .where(and(eq(registrationInvitations.id, id), isNull(registrationInvitations.answeredAt)))
        .returning({ id: registrationInvitations.id });
      return rows.length === 1;
    },
  };
}
export type PublicRegistrationRepository = ReturnType<typeof createPublicRegistrationRepository>;

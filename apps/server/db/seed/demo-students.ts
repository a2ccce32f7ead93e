import { localDateOf, addDays } from '@sv/domain';
import { and, eq } from 'drizzle-orm';
import { guardians, pickupAuthorizations, studentReasons, students } from '../../src/db/schema/index';
import { syncRosterWith } from '../../src/features/students/roster-sync';
import { createRosterSyncRepository } from '../../src/features/students/roster-sync.repository';
import { createLocalSisClient } from '../../src/integrations/sis/local-sis';
import type { Db } from '../../src/platform/db/database';

/**
 * The demo roster (issue 12): the shipped OneRoster CSV bundle (db/seed/sis-bundle, fictitious
 * people) synced into each demo district through the local SIS, plus the district's local pickup
 * authorisations, so `npm start` shows every case of the guardian table:
 * - Avery Testwood (North High, 100234): Jordan may pick up; Riley may not (court order); Pat
 *   (a local person, not in the SIS) has a time-limited exception this week; Lee had one that expired;
 * - Blake Samplefield (100235): Casey may; Morgan (a relative) has no authorisation (a cross);
 * - Dana Examplar (100236): the only guardian is on the exclusion list (screening stops the pickup);
 * - Emery Fieldstone (Lincoln, 200101) and Harper Valleyview (South Valley, 300501): one parent each.
 */
export async function seedDemoStudents(
  db: Db,
  districts: { clientId: number; name: string }[],
  now: Date = new Date(),
) {
  for (const d of districts) {
    await syncRosterWith(
      { db, now: () => now },
      createRosterSyncRepository(db),
      d.clientId,
      createLocalSisClient({ districtName: d.name }),
    );
    await db.insert(studentReasons).values([
      // with their Spanish names, as a district gives them for the kiosk in Spanish (issue 25, ADR 0034)
      ...[
        ['Appointment', 'Cita'],
        ['Illness', 'Enfermedad'],
        ['Family emergency', 'Emergencia familiar'],
        ['Early dismissal', 'Salida temprana'],
      ].map(([name, nameEs], i) => ({
        clientId: d.clientId,
        kind: 'pickup',
        name: name as string,
        nameEs: nameEs as string,
        sortOrder: i,
      })),
      ...[
        ['Medical appointment', 'Cita médica', true],
        ['Family emergency', 'Emergencia familiar', true],
        ['Missed the bus', 'Perdió el autobús', false],
        ['No reason given', 'Sin motivo', false],
      ].map(([name, nameEs, isExcused], i) => ({
        clientId: d.clientId,
        kind: 'dropoff',
        name: name as string,
        nameEs: nameEs as string,
        isExcused: isExcused as boolean,
        sortOrder: i,
      })),
    ]);
  }
  const today = localDateOf(now, 'America/Chicago');
  const student = async (clientId: number, sourcedId: string) =>
    (
      await db
        .select({ id: students.id })
        .from(students)
        .where(and(eq(students.clientId, clientId), eq(students.sourcedId, sourcedId)))
    )[0]?.id;
  const guardian = async (clientId: number, sourcedId: string) =>
    (
      await db
        .select({ id: guardians.id })
        .from(guardians)
        .where(and(eq(guardians.clientId, clientId), eq(guardians.sourcedId, sourcedId)))
    )[0]?.id;
  const north = districts.find((d) => d.name === 'North County Schools');
  const south = districts.find((d) => d.name === 'South Valley District');
  const rows: (typeof pickupAuthorizations.$inferInsert)[] = [];
  const allow = async (clientId: number, stu: string, gua: string, note = '') => {
    const studentId = await student(clientId, stu);
    const guardianId = await guardian(clientId, gua);
    if (studentId && guardianId) rows.push({ clientId, studentId, guardianId, kind: 'allow', note });
  };
  if (north) {
    const c = north.clientId;
    await allow(c, 'stu-n1', 'par-n1', 'Mother');
    await allow(c, 'stu-n2', 'par-n3');
    await allow(c, 'stu-n3', 'par-n5');
    await allow(c, 'stu-n4', 'par-n6');
    const avery = await student(c, 'stu-n1');
    const riley = await guardian(c, 'gua-n2');
    if (avery && riley)
      rows.push({
        clientId: c,
        studentId: avery,
        guardianId: riley,
        kind: 'deny',
        note: 'Court order 2025-DR-0142: no contact, may not pick up (demo)',
      });
    if (avery) {
      const local = await db
        .insert(guardians)
        .values([
          {
            clientId: c,
            source: 'local',
            firstname: 'Pat',
            lastname: 'Testwood',
            role: '',
            address: '18 Elm Ct, Northbrook, IL',
          },
          { clientId: c, source: 'local', firstname: 'Lee', lastname: 'Testwood', role: '', address: '' },
        ])
        .returning({ id: guardians.id });
      rows.push(
        {
          clientId: c,
          studentId: avery,
          guardianId: local[0].id,
          kind: 'allow',
          note: 'Grandmother, this week only',
          validFrom: today,
          validTo: addDays(today, 6),
        },
        {
          clientId: c,
          studentId: avery,
          guardianId: local[1].id,
          kind: 'allow',
          note: 'Uncle, last month',
          validFrom: addDays(today, -40),
          validTo: addDays(today, -30),
        },
      );
    }
    // General mode shows an address (OneRoster has none): the district supplied Jordan's
    const jordan = await guardian(c, 'par-n1');
    if (jordan)
      await db.update(guardians).set({ address: '2301 Shermer Rd, Northbrook, IL' }).where(eq(guardians.id, jordan));
  }
  if (south) await allow(south.clientId, 'stu-s1', 'par-s1');
  if (rows.length > 0) await db.insert(pickupAuthorizations).values(rows);
}

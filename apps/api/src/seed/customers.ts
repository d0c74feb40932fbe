import type { CustomerStatus, CustomerType } from '@benchside/contracts/customers';
import type { Database } from '@benchside/db/database';
import type { Kysely } from 'kysely';

const DAY_MS = 24 * 60 * 60 * 1000;

type DemoCustomer = [
  name: string,
  type: CustomerType,
  company: string,
  email: string,
  phone: string,
  status: CustomerStatus,
  notes: string,
];

/** Oldest first: a repair shop's regulars, walk-ins and trade partners, both types and statuses. */
const DEMO_CUSTOMERS: DemoCustomer[] = [
  [
    'Laura Fischer',
    'individual',
    '',
    'laura.fischer@example.test',
    '+49 151 2345 6781',
    'active',
    'Galaxy S21, cracked screen replaced.',
  ],
  [
    'Marco Rossi',
    'business',
    'Rossi Telefonia',
    'marco@rossi-telefonia.example.test',
    '+39 347 555 0192',
    'active',
    'Sends 10–20 FRP unlocks a week.',
  ],
  ['Aisha Khan', 'individual', '', 'aisha.khan@example.test', '+44 7700 900123', 'active', ''],
  [
    'Pedro Alves',
    'business',
    'Alves Cell Repair',
    'pedro@alvescell.example.test',
    '+351 912 345 678',
    'suspended',
    'Unpaid invoices since March.',
  ],
  [
    'Yuki Tanaka',
    'individual',
    '',
    'yuki.tanaka@example.test',
    '+81 90 1234 5678',
    'active',
    'Prefers contact by e-mail.',
  ],
  [
    'Chen Wei',
    'business',
    'Shenzhen Parts Trading',
    'chen.wei@szparts.example.test',
    '+86 138 0013 8000',
    'active',
    'Supplier and customer: trades boards.',
  ],
  ['Sophie Martin', 'individual', '', '', '+33 6 12 34 56 78', 'active', 'Walk-in, iPhone 12 battery.'],
  [
    'Jonas Berg',
    'individual',
    '',
    'jonas.berg@example.test',
    '',
    'suspended',
    'Asked for an unlock of a phone reported stolen.',
  ],
  [
    'Fatima Zahra',
    'business',
    'Atlas Mobile',
    'contact@atlasmobile.example.test',
    '+212 600 123 456',
    'active',
    '',
  ],
  [
    'Lucas Silva',
    'individual',
    '',
    'lucas.silva@example.test',
    '+55 11 91234 5678',
    'active',
    'Redmi Note 10, IMEI repair done.',
  ],
  [
    'Emma Johnson',
    'business',
    'FixIt Corner',
    'emma@fixitcorner.example.test',
    '+1 555 0100 200',
    'active',
    'Second shop in town, refers Samsung jobs.',
  ],
  ['Mehmet Yilmaz', 'individual', '', 'mehmet.y@example.test', '+90 532 123 45 67', 'active', ''],
  [
    'Ana García',
    'individual',
    '',
    'ana.garcia@example.test',
    '+34 612 345 678',
    'active',
    'Moto G, flashed to the EU firmware.',
  ],
  [
    'Oliver Schmidt',
    'business',
    'Schmidt Handyservice',
    'info@schmidt-handy.example.test',
    '+49 30 1234567',
    'suspended',
    'Disputed a refund; on hold.',
  ],
  ['Priya Sharma', 'individual', '', 'priya.sharma@example.test', '+91 98765 43210', 'active', ''],
  [
    'Tomasz Nowak',
    'business',
    'GSM Serwis Nowak',
    'serwis@nowak-gsm.example.test',
    '+48 601 234 567',
    'active',
    'Monthly bulk of Huawei bootloader unlocks.',
  ],
  ['Camille Dubois', 'individual', '', '', '+33 7 98 76 54 32', 'active', 'Walk-in, water damage.'],
  [
    'Hiroshi Sato',
    'business',
    'Sato Mobile Works',
    'h.sato@satomobile.example.test',
    '+81 3 1234 5678',
    'active',
    '',
  ],
  [
    'Nora Lindqvist',
    'individual',
    '',
    'nora.l@example.test',
    '+46 70 123 45 67',
    'active',
    'Pixel 6, screen and back glass.',
  ],
  [
    'Diego Fernández',
    'business',
    'Celulares del Sur',
    'diego@celularesdelsur.example.test',
    '+54 9 11 2345 6789',
    'active',
    '',
  ],
  [
    'Grace Okafor',
    'individual',
    '',
    'grace.okafor@example.test',
    '+234 803 123 4567',
    'suspended',
    'Never collected her repaired phone.',
  ],
  ['Li Na', 'individual', '', 'li.na@example.test', '+86 139 1234 5678', 'active', ''],
  [
    'Ahmed Hassan',
    'business',
    'Cairo Phone Clinic',
    'ahmed@cairophoneclinic.example.test',
    '+20 100 123 4567',
    'active',
    'Wants a quote for 50 network unlocks.',
  ],
  ['Isabella Conti', 'individual', '', 'isabella.conti@example.test', '+39 333 123 4567', 'active', ''],
  [
    'Kenji Watanabe',
    'individual',
    '',
    'kenji.w@example.test',
    '+81 80 9876 5432',
    'active',
    'Galaxy A52, firmware downgrade refused (bootloader).',
  ],
];

/**
 * Which of the demo ledger's uses (seed/credits.ts) were for whose device: the customer's name,
 * the ledger's device model, the device as the technician wrote it, and how many of those uses.
 */
const DEMO_OPERATIONS: [customer: string, deviceModel: string, device: string, uses: number][] = [
  ['Laura Fischer', 'SM-G991B', 'Galaxy S21 · IMEI 351234567890123', 2],
  ['Marco Rossi', 'SM-A127F', 'Galaxy A12 · IMEI 358765432109876', 2],
  ['Kenji Watanabe', 'SM-A525F', 'Galaxy A52 · IMEI 356789012345678', 1],
];

/**
 * The demo account's customer book, a day apart, so /customers opens on a full first page, and a
 * few of its ledger's operations done for those customers' devices.
 */
export async function seedDemoCustomers(db: Kysely<Database>, userId: string): Promise<void> {
  const start = Date.now() - DEMO_CUSTOMERS.length * DAY_MS;
  await db
    .insertInto('customers')
    .values(
      DEMO_CUSTOMERS.map(([name, type, company, email, phone, status, notes], index) => {
        const at = new Date(start + index * DAY_MS);
        return {
          user_id: userId,
          name,
          type,
          company,
          email,
          phone,
          status,
          notes,
          created_at: at,
          updated_at: at,
        };
      }),
    )
    .execute();
  for (const [name, deviceModel, device, uses] of DEMO_OPERATIONS) {
    const customer = await db
      .selectFrom('customers')
      .select('id')
      .where('user_id', '=', userId)
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('credit_ledger')
      .set({ customer_id: customer.id, customer_device: device })
      .where(
        'id',
        'in',
        db
          .selectFrom('credit_ledger')
          .select('id')
          .where('user_id', '=', userId)
          .where('kind', '=', 'use')
          .where('device_model', '=', deviceModel)
          .orderBy('created_at', 'desc')
          .limit(uses),
      )
      .execute();
  }
}

import type { SupportedFunction } from '@benchside/contracts/supported-models';
import type { Database } from '@benchside/db/database';
import type { Kysely } from 'kysely';
import { type ImportedModel, importSupportedModels } from '../admin/supported-models-import.ts';

type Offer = [fn: SupportedFunction, productId: string, credits: number, note?: string];

const MEDIATEK_OFFERS: Offer[] = [
  ['read_info', 'repair-suite', 0],
  ['flash', 'repair-suite', 1],
  ['factory_reset', 'repair-suite', 1],
  ['unlock', 'unlock-pro', 3],
  ['frp', 'frp-tool', 2, 'needs test point'],
];
const STOCK_ANDROID_OFFERS: Offer[] = [
  ['read_info', 'repair-suite', 0],
  ['flash', 'repair-suite', 1],
  ['frp', 'frp-tool', 2],
  ['network_unlock', 'unlock-pro', 4],
];

/** What the demo products (seed/cards.ts) do for each brand; a model's tier adds to paid functions. */
const BRAND_OFFERS: Record<string, Offer[]> = {
  Samsung: [
    ['read_info', 'repair-suite', 0],
    ['flash', 'repair-suite', 1],
    ['factory_reset', 'repair-suite', 1],
    ['unlock', 'unlock-pro', 3],
    ['frp', 'frp-tool', 2],
    ['network_unlock', 'unlock-pro', 5],
    ['repair_imei', 'repair-suite', 8, 'needs the combination firmware flashed first'],
  ],
  Xiaomi: [
    ['read_info', 'repair-suite', 0],
    ['read_data', 'data-rescue', 4],
    ['flash', 'repair-suite', 1, 'EDL mode: needs test point'],
    ['factory_reset', 'repair-suite', 1],
    ['frp', 'frp-tool', 2],
    ['unlock_bootloader', 'unlock-pro', 6],
  ],
  Apple: [
    ['read_info', 'repair-suite', 0],
    ['read_data', 'data-rescue', 6, 'the screen passcode must be known'],
    ['network_unlock', 'unlock-pro', 12],
  ],
  Huawei: [
    ['read_info', 'repair-suite', 0],
    ['flash', 'repair-suite', 2],
    ['frp', 'frp-tool', 3],
    ['unlock_bootloader', 'unlock-pro', 10, 'needs test point'],
    ['repair_imei', 'repair-suite', 8],
  ],
  Oppo: MEDIATEK_OFFERS,
  Realme: MEDIATEK_OFFERS,
  Vivo: MEDIATEK_OFFERS,
  Motorola: STOCK_ANDROID_OFFERS,
  Nokia: STOCK_ANDROID_OFFERS,
};

/** Brand, name, codes and tier (0 for older and cheaper phones). */
const MODELS: [string, string, string[], number][] = [
  ['Samsung', 'Galaxy A52', ['SM-A525F', 'SM-A525M'], 0],
  ['Samsung', 'Galaxy S21 5G', ['SM-G991B', 'SM-G991U'], 2],
  ['Samsung', 'Galaxy A12', ['SM-A125F', 'SM-A125M'], 0],
  ['Samsung', 'Galaxy A32', ['SM-A325F'], 0],
  ['Samsung', 'Galaxy A13', ['SM-A135F'], 0],
  ['Samsung', 'Galaxy A03s', ['SM-A037F'], 0],
  ['Samsung', 'Galaxy M31', ['SM-M315F'], 0],
  ['Samsung', 'Galaxy Note20', ['SM-N980F'], 1],
  ['Samsung', 'Galaxy S22 Ultra', ['SM-S908B', 'SM-S908U'], 2],
  ['Samsung', 'Galaxy Tab A7 10.4', ['SM-T505', 'SM-T500'], 0],
  ['Xiaomi', 'Redmi Note 10', ['M2101K7AG', 'M2101K7AI'], 0],
  ['Xiaomi', 'Redmi Note 8', ['M1908C3JG'], 0],
  ['Xiaomi', 'Redmi Note 11', ['2201117TG', '2201117TY'], 1],
  ['Xiaomi', 'Redmi 9A', ['M2006C3LG'], 0],
  ['Xiaomi', 'Poco X3 NFC', ['M2007J20CG'], 1],
  ['Xiaomi', 'Mi 11 Lite', ['M2101K9AG'], 1],
  ['Apple', 'iPhone 8', ['A1863', 'A1905'], 0],
  ['Apple', 'iPhone XR', ['A1984', 'A2105'], 0],
  ['Apple', 'iPhone 11', ['A2111', 'A2221'], 1],
  ['Apple', 'iPhone 12', ['A2172', 'A2403'], 2],
  ['Apple', 'iPhone 13', ['A2482', 'A2633'], 3],
  ['Huawei', 'P30 Lite', ['MAR-LX1A', 'MAR-LX1M'], 0],
  ['Huawei', 'P40 Lite', ['JNY-LX1'], 1],
  ['Huawei', 'Y9 Prime 2019', ['STK-L21'], 0],
  ['Huawei', 'Nova 5T', ['YAL-L21'], 1],
  ['Oppo', 'A5s', ['CPH1909'], 0],
  ['Oppo', 'A15', ['CPH2185'], 0],
  ['Oppo', 'A54', ['CPH2239'], 0],
  ['Oppo', 'Reno5', ['CPH2159'], 1],
  ['Motorola', 'Moto G9 Play', ['XT2083-3'], 0],
  ['Motorola', 'Moto E7', ['XT2095-2'], 0],
  ['Nokia', 'G21', ['TA-1418'], 0],
  ['Realme', 'C11', ['RMX2185'], 0],
  ['Realme', '8', ['RMX3085'], 1],
  ['Vivo', 'Y20', ['V2029'], 0],
  ['Vivo', 'Y11', ['V1906'], 0],
];

/** The demo's supported-models list, written by the same import the operator's command uses. */
export async function seedSupportedModels(db: Kysely<Database>): Promise<void> {
  const models: ImportedModel[] = MODELS.map(([brand, name, codes, tier], index) => ({
    brand,
    name,
    codes,
    line: index + 1,
    functions: (BRAND_OFFERS[brand] ?? []).map(([fn, productId, credits, note = '']) => ({
      function: fn,
      productId,
      credits: credits === 0 ? 0 : credits + tier,
      note,
      line: index + 1,
    })),
  }));
  await importSupportedModels(db, models);
}

import type { Database } from '@benchside/db/database';
import type { Kysely } from 'kysely';
import { addArticle, nameCategory, saveArticleText } from './knowledge-base-store.ts';

type Names = Record<'en' | 'zh' | 'es' | 'ja' | 'de' | 'fr', string>;

const CATEGORIES: Array<{ slug: string; names: Names }> = [
  {
    slug: 'getting-started',
    names: {
      en: 'Getting started',
      zh: '入门',
      es: 'Primeros pasos',
      ja: 'はじめに',
      de: 'Erste Schritte',
      fr: 'Premiers pas',
    },
  },
  {
    slug: 'smart-cards',
    names: {
      en: 'Smart cards',
      zh: '智能卡',
      es: 'Tarjetas inteligentes',
      ja: 'スマートカード',
      de: 'Smartcards',
      fr: 'Cartes à puce',
    },
  },
  {
    slug: 'helper',
    names: {
      en: 'Local helper',
      zh: '本地助手',
      es: 'Asistente local',
      ja: 'ローカルヘルパー',
      de: 'Lokaler Helfer',
      fr: 'Assistant local',
    },
  },
  {
    slug: 'troubleshooting',
    names: {
      en: 'Troubleshooting',
      zh: '故障排除',
      es: 'Solución de problemas',
      ja: 'トラブルシューティング',
      de: 'Fehlerbehebung',
      fr: 'Dépannage',
    },
  },
];

const ARTICLES: Array<{ category: string; slug: string; title: string; markdown: string }> = [
  {
    category: 'getting-started',
    slug: 'first-sign-in',
    title: 'Your first sign-in',
    markdown:
      'Sign in with the **username or e-mail** you registered with. After the first sign-in, open **Cards** to see the smart cards linked to your account.\n\nTurn on two-factor sign-in under *Account › Security* to receive a code by e-mail each time you sign in.',
  },
  {
    category: 'getting-started',
    slug: 'choosing-a-language',
    title: 'Choosing the portal language',
    markdown:
      'The portal speaks six languages. Pick one from the language menu in the header or in your profile; the page reloads in it and e-mails follow the same choice.',
  },
  {
    category: 'smart-cards',
    slug: 'activate-a-smart-card',
    title: 'Activate a smart card',
    markdown:
      '1. Plug the card reader into a USB port.\n2. Insert the smart card with the chip facing up.\n3. Open **Cards** and choose *Activate*.\n\nThe helper reads the card serial and the portal links the card to your account. Credits bought later are added to this card.',
  },
  {
    category: 'smart-cards',
    slug: 'card-not-detected',
    title: 'Card reader does not detect the card',
    markdown:
      'When the reader light stays off, try another USB port and avoid unpowered hubs. Make sure the **PC/SC service** is running (`pcscd` on Linux). Clean the chip contacts and insert the card again.',
  },
  {
    category: 'smart-cards',
    slug: 'transfer-credits',
    title: 'Transfer credits between cards',
    markdown:
      'Credits can move from one of your cards to another. Open the source card, choose *Transfer credits*, pick the target card and the amount. Both cards must be linked to your account.',
  },
  {
    category: 'helper',
    slug: 'install-the-helper',
    title: 'Install the local helper',
    markdown:
      'The helper is a small program that runs on your computer. It downloads firmwares, installs tools and talks to the card reader.\n\nDownload the installer from the **Launch Helper** window, run it, and keep it running while you use the portal. It listens on `127.0.0.1` only.',
  },
  {
    category: 'helper',
    slug: 'helper-offline',
    title: 'The portal says the helper is offline',
    markdown:
      'The portal looks for the helper on ports 20051 to 20054. If it stays offline, start the helper again, allow it through your firewall and reload the page.',
  },
  {
    category: 'troubleshooting',
    slug: 'phone-battery-not-charging',
    title: 'Phone battery not charging after a repair',
    markdown:
      'A battery that stops charging after a board repair is usually a **charging IC** or a loose flex cable. Check the battery connector first, then measure the charging port voltage.\n\nIf a firmware flash was interrupted, flash the stock firmware again before replacing parts.',
  },
  {
    category: 'troubleshooting',
    slug: 'firmware-flash-failed',
    title: 'Firmware flash failed',
    markdown:
      'A flash can fail when the cable is loose or the phone battery is low. Charge the phone above 50 %, use the original cable and start the flash again from **Firmwares**. Keep the helper log: support may ask for it.',
  },
];

/** German and French texts of one article, to show the language fallback with real data. */
const TRANSLATIONS: Array<{ slug: string; language: 'de' | 'fr'; title: string; markdown: string }> = [
  {
    slug: 'activate-a-smart-card',
    language: 'de',
    title: 'Eine Smartcard aktivieren',
    markdown:
      '1. Schließen Sie das Kartenlesegerät an einen USB-Anschluss an.\n2. Stecken Sie die Smartcard mit dem Chip nach oben ein.\n3. Öffnen Sie **Karten** und wählen Sie *Aktivieren*.\n\nDer Helfer liest die Seriennummer der Karte und das Portal verknüpft die Karte mit Ihrem Konto.',
  },
  {
    slug: 'activate-a-smart-card',
    language: 'fr',
    title: 'Activer une carte à puce',
    markdown:
      '1. Branchez le lecteur de cartes sur un port USB.\n2. Insérez la carte à puce, la puce vers le haut.\n3. Ouvrez **Cartes** et choisissez *Activer*.\n\nL’assistant lit le numéro de série de la carte et le portail la relie à votre compte.',
  },
  {
    slug: 'phone-battery-not-charging',
    language: 'de',
    title: 'Handy-Akku lädt nach der Reparatur nicht',
    markdown:
      'Ein Akku, der nach einer Platinenreparatur nicht mehr lädt, deutet meist auf einen **Lade-IC** oder ein lockeres Flexkabel hin. Prüfen Sie zuerst den Akkustecker und messen Sie dann die Spannung am Ladeanschluss.',
  },
];

/** The demo knowledge base: four categories with a few articles each, some translated. */
export async function seedKnowledgeBase(db: Kysely<Database>): Promise<void> {
  for (const article of ARTICLES) {
    const category = CATEGORIES.find((candidate) => candidate.slug === article.category);
    await addArticle(db, { ...article, categoryName: category?.names.en ?? article.category });
  }
  for (const category of CATEGORIES) {
    for (const [language, name] of Object.entries(category.names)) {
      await nameCategory(db, category.slug, language, name);
    }
  }
  for (const translation of TRANSLATIONS) await saveArticleText(db, translation);
}

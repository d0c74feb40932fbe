import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@benchside/contracts/languages';
import {
  addArticle,
  editArticle,
  listArticles,
  removeArticle,
  saveArticleText,
} from '@benchside/server/knowledge-base/knowledge-base-store';
import {
  type AdminArguments,
  type AdminCommand,
  AdminUsageError,
  readTextFile,
  requireOption,
} from '../command.ts';

function optionalString(args: AdminArguments, name: string): string | undefined {
  const value = args.values[name];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function languageOption(args: AdminArguments): Language {
  const value = optionalString(args, 'language') ?? DEFAULT_LANGUAGE;
  if (!isLanguage(value)) throw new AdminUsageError(`--language must be one of en, zh, es, ja, de, fr`);
  return value;
}

/**
 * `kb add|edit|remove|list`: the knowledge base's articles, written in Markdown files. A new
 * article is English (every translation's fallback); `--translation-of` adds another language.
 */
export const command: AdminCommand = {
  usage:
    'kb add --category C --title T --file F.md [--slug S] [--category-name N] | kb add --translation-of SLUG --language L --title T --file F.md | kb edit --slug S [--language L] [--title T] [--file F.md] [--category C] | kb remove --slug S [--language L] | kb list',
  options: {
    category: { type: 'string' },
    'category-name': { type: 'string' },
    title: { type: 'string' },
    file: { type: 'string' },
    slug: { type: 'string' },
    language: { type: 'string' },
    'translation-of': { type: 'string' },
  },
  async run({ db, print }, args) {
    const [action, ...extra] = args.positionals;
    if (extra.length > 0) throw new AdminUsageError(`Unexpected argument: ${extra[0]}`);
    switch (action) {
      case 'add': {
        const translationOf = optionalString(args, 'translation-of');
        const title = requireOption(args, 'title');
        const markdown = await readTextFile(requireOption(args, 'file'));
        if (translationOf) {
          const language = languageOption(args);
          if (language === DEFAULT_LANGUAGE)
            throw new AdminUsageError('A translation needs --language other than en');
          await saveArticleText(db, { slug: translationOf, language, title, markdown });
          print(`Saved the ${language} text of ${translationOf}`);
          return;
        }
        if (languageOption(args) !== DEFAULT_LANGUAGE) {
          throw new AdminUsageError(
            'A new article is written in English; add other languages with --translation-of',
          );
        }
        const categoryName = optionalString(args, 'category-name');
        const slug = optionalString(args, 'slug');
        const added = await addArticle(db, {
          category: requireOption(args, 'category'),
          title,
          markdown,
          ...(categoryName ? { categoryName } : {}),
          ...(slug ? { slug } : {}),
        });
        print(`Added ${added}`);
        return;
      }
      case 'edit': {
        const slug = requireOption(args, 'slug');
        const file = optionalString(args, 'file');
        const title = optionalString(args, 'title');
        const category = optionalString(args, 'category');
        if (!file && !title && !category)
          throw new AdminUsageError('Nothing to change: give --title, --file or --category');
        await editArticle(db, {
          slug,
          language: languageOption(args),
          ...(title ? { title } : {}),
          ...(file ? { markdown: await readTextFile(file) } : {}),
          ...(category ? { category } : {}),
        });
        print(`Updated ${slug}`);
        return;
      }
      case 'remove': {
        const slug = requireOption(args, 'slug');
        const language = optionalString(args, 'language') ? languageOption(args) : undefined;
        await removeArticle(db, slug, language);
        print(language ? `Removed the ${language} text of ${slug}` : `Removed ${slug}`);
        return;
      }
      case 'list': {
        for (const row of await listArticles(db)) {
          print(`${row.category}\t${row.slug}\t${row.language}\t${row.title}`);
        }
        return;
      }
      default:
        throw new AdminUsageError(action ? `Unknown action: ${action}` : 'Say add, edit, remove or list');
    }
  },
};

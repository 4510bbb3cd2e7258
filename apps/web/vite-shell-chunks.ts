import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

/**
 * What the signed-in shell needs, grouped into a few chunks instead of dozens.
 *
 * Left to itself, the bundler splits every module shared by two lazy routes into its own
 * chunk: opening a signed-in home fetched 128 scripts (Mantine's components one by one,
 * each icon, each hook), in chains of imports a phone over HTTP/1.1 walks six at a time, a
 * round trip per step. Lighthouse put the business home's LCP at 8.8 s mostly for that.
 *
 * Each group below is what a few modules need statically (what they import, and what that
 * imports, never what they load on demand), minus what any entry page already loads (the
 * shell's main, the light sign-in and answering pages stay as they are) and minus an
 * earlier group. A module in a group is fetched with the group; the groups are what the
 * signed-in homes show at once, so nothing is fetched that they would not have fetched
 * anyway, except the pieces of one home that the other does not show.
 */
export const SHELL_CHUNK_GROUPS: Record<string, readonly string[]> = {
  // The frame of every signed-in page: header, side navigation, menus.
  shell: ['src/app/shell/SessionLayout.tsx'],
  // What the two homes show after the frame. Before the after-paint group: a module both
  // need goes here, else the homes would import the after-paint chunk (and evaluate the
  // outbox's schemas with it) before their first render.
  homes: [
    'src/pages/business/BusinessHomePage.tsx',
    'src/pages/web/WebHomePage.tsx',
    'src/features/tenancy/company-i18n.ts',
    'src/features/tenancy/company/CompanyDashboard.tsx',
  ],
  // The header's parts that load once the frame is painted: one fetch, still after the paint.
  'shell-after-paint': [
    'src/features/messaging/live/LiveIndicator.tsx',
    'src/features/messaging/notifications/NotificationBell.tsx',
    'src/features/collection/answering/OutboxStatus.tsx',
    'src/app/Toasts.tsx',
    'src/app/UpdatePrompt.tsx',
  ],
};

const ENTRY_PAGES = ['index.html', 'answer.html', 'auth.html'];

/** `import { a, b as c } from 'x'`, `export { d } from 'x'`, `import e from 'x'`, `import * as f from 'x'`, `export * from 'x'`. */
const FROM_STATEMENT = /(?:^|[;\n])\s*(import|export)\s+(type\s+)?([^'"]*?)\s*from\s*['"]([^'"]+)['"]/g;
const BARE_IMPORT = /(?:^|[;\n])\s*import\s*['"]([^'"]+)['"]/g;

type Need = 'all' | Set<string>;

/** The names one `{ … }` clause (or default / namespace form) takes from its source. */
function namesOf(clause: string): Need {
  if (clause.includes('*')) return 'all';
  const names = new Set<string>();
  const braces = clause.match(/\{([^}]*)\}/);
  const beforeBraces = (braces ? clause.slice(0, braces.index) : clause).replace(/,/g, ' ').trim();
  if (beforeBraces) names.add('default');
  for (const item of braces ? braces[1].split(',') : []) {
    const name = item.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0];
    if (name && !item.trim().startsWith('type ')) names.add(name);
  }
  return names;
}

/**
 * A package's index that only gathers other modules (Mantine, Tabler's icons): every page
 * imports from it, so following all its imports would put the whole package in every
 * page's needs. Through a barrel, only the modules of the names asked for are followed.
 */
function isBarrel(info: Rollup.ModuleInfo): boolean {
  if (!info.id.includes('/node_modules/') || !info.code || info.importedIds.length < 20) return false;
  const rest = info.code.replace(/\/\*[\s\S]*?\*\//g, '').replace(FROM_STATEMENT, '').replace(/(?:^|[;\n])\s*export\s*\{[^}]*\}\s*;?/g, '');
  return rest.replace(/[;\s]/g, '') === '';
}

export function shellChunks(root: string): { plugin: Plugin; groupOf: (id: string) => string | null } {
  const groupByModule = new Map<string, string>();
  const plugin: Plugin = {
    name: 'shell-chunks',
    apply: 'build',
    async buildEnd() {
      type Statement = { clause: string; spec: string };
      const statements = new Map<string, Statement[]>();
      /** A module's `from` statements and bare imports, read once (`import type` is gone from the build). */
      const statementsOf = (id: string) => {
        const known = statements.get(id);
        if (known) return known;
        const code = this.getModuleInfo(id)?.code ?? '';
        const found: Statement[] = [];
        for (const m of code.matchAll(FROM_STATEMENT)) if (!m[2]) found.push({ clause: m[3], spec: m[4] });
        for (const m of code.matchAll(BARE_IMPORT)) found.push({ clause: '', spec: m[1] });
        statements.set(id, found);
        return found;
      };
      const resolved = new Map<string, string | null>();
      /** The module a statement of `importer` names (resolved only when followed: a barrel has thousands). */
      const sourceOf = async (importer: string, spec: string) => {
        const key = `${importer}\0${spec}`;
        if (!resolved.has(key)) {
          const r = await this.resolve(spec, importer);
          resolved.set(key, r && !r.external ? r.id : null);
        }
        return resolved.get(key) ?? null;
      };
      /** Where a barrel's export `name` comes from: [module, its name there], or null. */
      const throughBarrel = async (barrel: string, name: string): Promise<[string, string][]> => {
        const found: [string, string][] = [];
        const stars: string[] = [];
        for (const s of statementsOf(barrel)) {
          if (s.clause.trim().startsWith('*') && !s.clause.includes(' as ')) {
            stars.push(s.spec);
            continue;
          }
          const braces = s.clause.match(/\{([^}]*)\}/);
          for (const item of braces ? braces[1].split(',') : []) {
            const [inner, outer = inner] = item.trim().split(/\s+as\s+/);
            // The barrel re-exports under the same name it imports (Mantine, Tabler): an
            // import whose local name is asked for is the export asked for.
            if (outer === name) found.push([s.spec, inner]);
          }
          const namespace = s.clause.match(/\*\s+as\s+(\w+)/);
          if (namespace?.[1] === name) found.push([s.spec, '*']);
        }
        if (found.length === 0) for (const star of stars) found.push([star, name]);
        const sources: [string, string][] = [];
        for (const [spec, inner] of found) {
          const source = await sourceOf(barrel, spec);
          if (source) sources.push([source, inner]);
        }
        return sources;
      };

      /** The modules `starts` need statically, barrels read name by name, minus `stopAt`. */
      const closure = async (starts: Iterable<string>, stopAt: ReadonlySet<string>) => {
        const seen = new Set<string>();
        const seenNames = new Set<string>();
        const queue: [string, Need][] = [...starts].map((id) => [id, 'all']);
        while (queue.length > 0) {
          const [id, need] = queue.pop() as [string, Need];
          if (stopAt.has(id)) continue;
          const info = this.getModuleInfo(id);
          if (!info) continue;
          if (isBarrel(info) && need !== 'all') {
            for (const name of need) {
              if (seenNames.has(`${id}\0${name}`)) continue;
              seenNames.add(`${id}\0${name}`);
              for (const [source, inner] of await throughBarrel(id, name)) queue.push([source, inner === '*' ? 'all' : new Set([inner])]);
            }
            continue;
          }
          if (seen.has(id)) continue;
          seen.add(id);
          if (isBarrel(info)) {
            queue.push(...info.importedIds.map((dep): [string, Need] => [dep, 'all']));
            continue;
          }
          const followed = new Set<string>();
          for (const s of statementsOf(id)) {
            const source = await sourceOf(id, s.spec);
            if (!source) continue;
            followed.add(source);
            queue.push([source, s.clause ? namesOf(s.clause) : 'all']);
          }
          // What a statement form above missed (a plugin's virtual module, a helper the
          // transform added): followed whole, except barrels, which only statements narrow.
          for (const dep of info.importedIds) {
            const depInfo = this.getModuleInfo(dep);
            if (!followed.has(dep) && depInfo && !isBarrel(depInfo)) queue.push([dep, 'all']);
          }
        }
        return seen;
      };

      const ids = [...this.getModuleIds()];
      const resolve = (file: string) => {
        const absolute = path.resolve(root, file);
        const id = ids.find((candidate) => candidate === absolute || candidate.startsWith(`${absolute}?`));
        if (!id) throw new Error(`shell-chunks: ${file} is not in the build (renamed? update SHELL_CHUNK_GROUPS)`);
        return id;
      };
      const entries = ids.filter((id) => this.getModuleInfo(id)?.isEntry || ENTRY_PAGES.some((page) => id.endsWith(page)));
      const taken = await closure(entries, new Set());
      for (const [group, files] of Object.entries(SHELL_CHUNK_GROUPS)) {
        for (const id of await closure(files.map(resolve), taken)) {
          taken.add(id);
          // CSS stays where Vite puts it (a stylesheet per chunk that imports it).
          if (!/\.css(?:$|\?)/.test(id)) groupByModule.set(id, group);
        }
      }
    },
  };
  return { plugin, groupOf: (id) => groupByModule.get(id) ?? null };
}

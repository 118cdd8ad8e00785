/**
 * Draws every sample and built-in picture of the site as an SVG illustration (flat travel-poster
 * style) and renders it to WebP with sharp. Nothing is downloaded. All "random" variation comes
 * from a generator seeded by the scene's name, so two runs write byte-identical files.
 *
 *   node tools/sample-art/generate.ts                     # write every picture into the repository
 *   node tools/sample-art/generate.ts --only kyoto        # only the pictures whose name contains "kyoto"
 *   node tools/sample-art/generate.ts --out /tmp/art      # write under another folder instead
 *   node tools/sample-art/generate.ts --preview /tmp/prev # also write PNG previews
 *
 * Outputs (paths relative to the repository, or to --out):
 *   public/images/destinations/{slug}-{640,1280}.webp          (3:2 heroes)
 *   public/images/destinations/highlights/{slug}-{n}-480.webp  (4:3 highlights)
 *   app/server/transfer/seed/images/blogs/{file}.webp                   (1600 x 1000)
 *   app/server/transfer/seed/images/recipes/{file}.webp                 (1200 x 900)
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { blogBangkok } from "./blogs/bangkok.ts";
import { blogCyclades } from "./blogs/cyclades.ts";
import { blogDolomitesHut } from "./blogs/dolomites-hut.ts";
import { blogKyotoRain } from "./blogs/kyoto-rain.ts";
import { blogLisbon } from "./blogs/lisbon.ts";
import { blogOaxaca } from "./blogs/oaxaca.ts";
import { blogPacking } from "./blogs/packing.ts";
import { blogWadiRum } from "./blogs/wadi-rum.ts";
import {
  heroChiangMai,
  highlightDoiInthanon,
  highlightDoiSuthep,
  highlightWalkingStreet,
} from "./destinations/chiang-mai.ts";
import {
  heroDolomites,
  highlightBraies,
  highlightSeceda,
  highlightTreCime,
} from "./destinations/dolomites.ts";
import {
  heroKyoto,
  highlightBambooGrove,
  highlightFushimiInari,
  highlightKiyomizu,
  highlightNishiki,
} from "./destinations/kyoto.ts";
import {
  heroSantorini,
  highlightCalderaTrail,
  highlightPyrgosVineyards,
  highlightRedBeach,
  highlightSantoriniSunset,
} from "./destinations/santorini.ts";
import { recipeCanederli } from "./recipes/canederli.ts";
import { recipeFava } from "./recipes/fava.ts";
import { recipeKhaoSoi } from "./recipes/khao-soi.ts";
import { recipeKitsuneUdon } from "./recipes/kitsune-udon.ts";
import type { Scene } from "./svg.ts";

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

interface Job {
  name: string;
  draw: () => Scene;
  outputs: { file: string; width: number }[];
}

const DEST_DIR = "public/images/destinations";
const HIGHLIGHT_DIR = "public/images/destinations/highlights";
const BLOG_DIR = "app/server/transfer/seed/images/blogs";
const RECIPE_DIR = "app/server/transfer/seed/images/recipes";

function heroJob(slug: string, draw: () => Scene): Job {
  return {
    name: slug,
    draw,
    outputs: [640, 1280].map((width) => ({ file: `${DEST_DIR}/${slug}-${width}.webp`, width })),
  };
}

function highlightJob(slug: string, n: number, draw: () => Scene): Job {
  return {
    name: `${slug}-${n}`,
    draw,
    outputs: [{ file: `${HIGHLIGHT_DIR}/${slug}-${n}-480.webp`, width: 480 }],
  };
}

function blogJob(file: string, draw: () => Scene): Job {
  return { name: `blog-${file}`, draw, outputs: [{ file: `${BLOG_DIR}/${file}.webp`, width: 1600 }] };
}

function recipeJob(file: string, draw: () => Scene): Job {
  return { name: `recipe-${file}`, draw, outputs: [{ file: `${RECIPE_DIR}/${file}.webp`, width: 1200 }] };
}

const JOBS: Job[] = [
  heroJob("santorini-greece", heroSantorini),
  heroJob("kyoto-japan", heroKyoto),
  heroJob("dolomites-italy", heroDolomites),
  heroJob("chiang-mai-thailand", heroChiangMai),
  highlightJob("santorini-greece", 1, highlightSantoriniSunset),
  highlightJob("santorini-greece", 2, highlightCalderaTrail),
  highlightJob("santorini-greece", 3, highlightRedBeach),
  highlightJob("santorini-greece", 4, highlightPyrgosVineyards),
  highlightJob("kyoto-japan", 1, highlightFushimiInari),
  highlightJob("kyoto-japan", 2, highlightBambooGrove),
  highlightJob("kyoto-japan", 3, highlightKiyomizu),
  highlightJob("kyoto-japan", 4, highlightNishiki),
  highlightJob("dolomites-italy", 1, highlightTreCime),
  highlightJob("dolomites-italy", 2, highlightBraies),
  highlightJob("dolomites-italy", 3, highlightSeceda),
  highlightJob("chiang-mai-thailand", 1, highlightDoiSuthep),
  highlightJob("chiang-mai-thailand", 2, highlightWalkingStreet),
  highlightJob("chiang-mai-thailand", 3, highlightDoiInthanon),
  blogJob("slow-week-lisbon", blogLisbon),
  blogJob("bangkok-street-food", blogBangkok),
  blogJob("dolomites-hut-to-hut", blogDolomitesHut),
  blogJob("packing-light", blogPacking),
  blogJob("oaxaca-market-morning", blogOaxaca),
  blogJob("wadi-rum-nights", blogWadiRum),
  blogJob("kyoto-in-the-rain", blogKyotoRain),
  blogJob("cyclades-ferry", blogCyclades),
  recipeJob("santorini-fava", recipeFava),
  recipeJob("kitsune-udon", recipeKitsuneUdon),
  recipeJob("canederli-in-brodo", recipeCanederli),
  recipeJob("khao-soi-gai", recipeKhaoSoi),
];

/** The value after `--name`, if the flag is given. */
function option(args: string[], name: string): string | undefined {
  return args.includes(name) ? args[args.indexOf(name) + 1] : undefined;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const only = option(args, "--only");
  const preview = option(args, "--preview");
  const root = path.resolve(option(args, "--out") ?? REPO_ROOT);
  let total = 0;
  for (const job of JOBS) {
    if (only && !job.name.includes(only)) continue;
    const scene = job.draw();
    for (const out of job.outputs) {
      const svg = Buffer.from(scene.svg(out.width));
      const webp = await sharp(svg).webp({ quality: 75, effort: 6 }).toBuffer();
      const file = path.join(root, out.file);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, webp);
      total += webp.length;
      console.log(`${out.file}  ${(webp.length / 1024).toFixed(1)} KB`);
      if (preview) {
        await mkdir(preview, { recursive: true });
        await sharp(webp)
          .png()
          .toFile(path.join(preview, `${path.basename(out.file, ".webp")}.png`));
      }
    }
  }
  console.log(`total ${(total / 1024).toFixed(1)} KB`);
}

await main();

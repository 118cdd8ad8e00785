/**
 * The four built-in featured destinations, as every new database starts with them: migration 025
 * writes them into the `destinations` table (ids 1 to 4, which favourites kept on devices hold),
 * where the owner edits or deletes them in /admin/destinations. Nothing reads this file at run
 * time; it is the migration's seed data only.
 *
 * Images are generated locally by tools/sample-art/generate.ts. `image`
 * holds a base path; the renderer appends "-640.webp" / "-1280.webp" for the
 * hero and "-480.webp" for highlights. The slug used in the paths follows the
 * destination slug rule: lower case, commas removed, whitespace runs turned
 * into single hyphens ("Santorini, Greece" -> "santorini-greece").
 */

interface DestinationHighlight {
  name: string;
  image: string;
}

export interface BuiltinDestination {
  /** Which built-in destination the row is (the `builtin` marker of its row). */
  key: string;
  id: number;
  name: string;
  image: string;
  short: string;
  description: string;
  highlights: DestinationHighlight[];
  location: string;
  bestTime: string;
  theme: string;
  tag?: "trending";
  /** Where its marker sits on the map of /destinations (decimal degrees). */
  latitude: number;
  longitude: number;
}

export const destinations: BuiltinDestination[] = [
  {
    id: 1,
    key: "santorini-greece",
    name: "Santorini, Greece",
    image: "/images/destinations/santorini-greece",
    short: "Whitewashed villages on the rim of a drowned volcano, with the Aegean glowing below.",
    description: [
      "Santorini is what is left of a volcano. Around 3,600 years ago an eruption blew out its centre and the sea rushed in, leaving a crescent of cliffs that drop three hundred metres into a flooded caldera. The villages sit right on the edge: Fira, Firostefani, Imerovigli and Oia, a tumble of white cube houses, blue-domed chapels and stairways that seem to lead straight into the air. Nothing prepares you for the first look over the rim, and the view does not get old on the fourth day either.",
      "The trick is to treat the island as more than a sunset. Walk the cliff path from Fira to Oia in the cool of the morning, swim off the dark volcanic beaches on the quieter east coast, and spend an afternoon in the wine villages around Pyrgos and Megalochori, where Assyrtiko vines are coiled into low baskets to shelter the grapes from the wind. Eat fava, the island's silky yellow split-pea purée, tomato fritters made with the small, intensely sweet local tomatoes, and grilled fish at a taverna in Ammoudi Bay, below Oia, where the boats knock against the quay.",
      "Crowds are real. Cruise passengers fill Fira and Oia from late morning to mid-afternoon in summer, and July and August are hot, busy and expensive. April, May, late September and October are kinder: the sea is warm enough by June and still swimmable in October, the light is softer and the paths are yours at breakfast. Stay on the caldera for at least one night if you can, even if the rest of your trip is somewhere cheaper, and get up early at least once. The island at 7 a.m. is the one people fall in love with.",
    ].join("\n\n"),
    highlights: [
      { name: "Sunset in Oia", image: "/images/destinations/highlights/santorini-greece-1" },
      { name: "Fira to Oia Caldera Trail", image: "/images/destinations/highlights/santorini-greece-2" },
      { name: "Red Beach", image: "/images/destinations/highlights/santorini-greece-3" },
      { name: "Vineyards of Pyrgos", image: "/images/destinations/highlights/santorini-greece-4" },
    ],
    location: "Greece",
    bestTime: "April to October",
    latitude: 36.4166,
    longitude: 25.4315,
    theme: "Island escape",
    tag: "trending",
  },
  {
    id: 2,
    key: "kyoto-japan",
    name: "Kyoto, Japan",
    image: "/images/destinations/kyoto-japan",
    short: "A thousand years of temples, gardens and wooden lanes, best explored slowly and on foot.",
    description: [
      "Kyoto was Japan's imperial capital for more than a thousand years, and it still carries itself that way. There are well over a thousand temples and shrines, moss gardens raked every morning, and whole neighbourhoods of wooden machiya townhouses where the lattice fronts hide tea rooms, tofu makers and tiny bars. It is a big modern city too, with buses, department stores and a busy station, but step two streets back from any main road and the pace drops to the sound of your own footsteps.",
      "Start early. The vermilion gates of Fushimi Inari and the bamboo grove at Arashiyama are magical at 7 a.m. and crowded by ten. Walk the lanes of Higashiyama up to Kiyomizu-dera, whose great wooden stage juts out over the trees, then drift down through Gion as the lanterns come on. Kyoto rewards slow eating as much as slow walking: browse Nishiki Market, the covered street locals call the city's kitchen, try yudofu (simmered tofu) near Nanzen-ji, and book at least one small counter restaurant serving obanzai, the home-style seasonal dishes of the city.",
      "Spring and autumn are the famous seasons for good reason. Cherry blossom usually peaks in late March or early April, and the maples turn from mid-November into early December, with mild, clear days in between. They are also the busiest weeks of the year, so book rooms well ahead and choose a base near a subway line rather than the station. Summers are hot and humid and winters are cold but quiet, which has its own appeal if you like temples to yourself.",
    ].join("\n\n"),
    highlights: [
      { name: "Fushimi Inari Taisha", image: "/images/destinations/highlights/kyoto-japan-1" },
      { name: "Arashiyama Bamboo Grove", image: "/images/destinations/highlights/kyoto-japan-2" },
      { name: "Kiyomizu-dera", image: "/images/destinations/highlights/kyoto-japan-3" },
      { name: "Nishiki Market", image: "/images/destinations/highlights/kyoto-japan-4" },
    ],
    location: "Japan",
    bestTime: "March to May and October to November",
    latitude: 35.0116,
    longitude: 135.7681,
    theme: "Culture & temples",
  },
  {
    id: 3,
    key: "dolomites-italy",
    name: "Dolomites, Italy",
    image: "/images/destinations/dolomites-italy",
    short: "Pale limestone towers, flower meadows and mountain huts that serve dumplings at 2,000 metres.",
    description: [
      "The Dolomites look as if someone took the Alps and sharpened them. Pale grey towers and jagged ridges rise straight out of green meadows, and at sunset the rock turns pink and then violet, an effect the locals call enrosadira. The range spreads across the north-east of Italy and has been a UNESCO World Heritage site since 2009. In the valleys you will hear Italian, German and Ladin, an old Alpine language, sometimes in a single conversation, and the food is a happy mix of all three.",
      "This is walking country above all. Circle the three great towers of the Tre Cime di Lavaredo, ride the cable car from Ortisei up to the tilted green ridge of Seceda, or row across the emerald water of Lago di Braies before the day-trippers arrive. For something longer, link the rifugi, the mountain huts, on a multi-day route: you carry only a light pack, sleep in bunk rooms and sit down each evening to barley soup, speck, polenta and canederli, the region's bread dumplings, with a glass of local Lagrein.",
      "Valley walks and village life start in May, when the lower meadows flower, but the high huts and most lifts open around mid-June and close by late September. July and August are lively, warm and sometimes stormy in the afternoons, so start early and be down from exposed ridges by mid-afternoon. September is our favourite month for settled weather, and early October brings golden larches and empty trails, even if some huts have already shut for the season. Public buses reach most trailheads, and in summer some of the most popular roads are tolled or closed to private cars, so plan to use them.",
    ].join("\n\n"),
    highlights: [
      { name: "Tre Cime di Lavaredo", image: "/images/destinations/highlights/dolomites-italy-1" },
      { name: "Lago di Braies", image: "/images/destinations/highlights/dolomites-italy-2" },
      { name: "Seceda Ridge", image: "/images/destinations/highlights/dolomites-italy-3" },
    ],
    location: "Italy",
    bestTime: "May to October",
    latitude: 46.6186,
    longitude: 12.3025,
    theme: "Mountains & hiking",
  },
  {
    id: 4,
    key: "chiang-mai-thailand",
    name: "Chiang Mai, Thailand",
    image: "/images/destinations/chiang-mai-thailand",
    short: "Golden temples, mountain air and the best bowl of khao soi you will ever eat.",
    description: [
      "Chiang Mai was founded in 1296 as the capital of the Lanna kingdom, and the old city is still a square of moats and crumbling brick walls, with a temple on almost every other corner. The city as a whole counts its temples in the hundreds. It is Thailand at a gentler pace: mornings start with monks collecting alms, afternoons disappear into cafés and craft shops, and the evenings belong to the markets. Beyond the city, forested hills climb towards the highest peak in the country, and the air is noticeably fresher than in Bangkok.",
      "Climb the naga-lined staircase of more than three hundred steps to Wat Phra That Doi Suthep, whose golden chedi looks down over the whole valley, and spend a day on Doi Inthanon, where twin royal pagodas stand above a sea of morning cloud. On Sunday evening the old city's main street closes to traffic for the Walking Street market, more than a kilometre of stalls, street food and musicians. Above all, eat: khao soi, the curried coconut noodle soup of the north, sai ua herb sausage, smoky green chilli dip with pork crackling and rice that comes in a little woven basket.",
      "The cool, dry season from November to February is the time to come. Days are warm and sunny, nights can be surprisingly chilly in the hills, and in November the Yi Peng festival fills the sky with thousands of paper lanterns while candle-lit krathong float on the river. From about March the weather heats up and smoke from agricultural burning can hang over the valley, and the rainy season follows from June to October, green and lush but wet. Book early for Yi Peng and respect the local rules on where lanterns may be released.",
    ].join("\n\n"),
    highlights: [
      { name: "Wat Phra That Doi Suthep", image: "/images/destinations/highlights/chiang-mai-thailand-1" },
      { name: "Sunday Walking Street", image: "/images/destinations/highlights/chiang-mai-thailand-2" },
      { name: "Doi Inthanon", image: "/images/destinations/highlights/chiang-mai-thailand-3" },
    ],
    location: "Thailand",
    bestTime: "November to February",
    latitude: 18.7883,
    longitude: 98.9853,
    theme: "Food & culture",
    tag: "trending",
  },
];

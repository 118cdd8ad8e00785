import { escapeHtml } from "#app/lib/escape-html.ts";

/**
 * The texts the four built-in pages start with. A new database holds them as rows of `pages`
 * (migration 024), which the owner edits in /admin/pages; nothing reads these texts at run time.
 * "{siteName}" is a placeholder that the page replaces with the configured site name.
 */

export interface StaticPage {
  slug: "about" | "disclaimer" | "privacy-policy" | "terms-and-condition";
  title: string;
  /** Meta description, under 160 characters. */
  description: string;
  intro: string;
  sections: { heading: string; paragraphs: string[] }[];
}

export const staticPages: Record<StaticPage["slug"], StaticPage> = {
  about: {
    slug: "about",
    title: "About Us",
    description:
      "{siteName} is a small, independent travel and food blog about slow journeys, good markets and the meals that make a place worth remembering.",
    intro:
      "{siteName} is a small, independent travel and food blog. We write about places we have actually been, meals we have actually eaten and the slow, curious kind of travel that leaves room for getting a little lost.",
    sections: [
      {
        heading: "Who we are",
        paragraphs: [
          "We are a handful of friends who have spent years saving up for trips, then coming home and telling anyone who would listen about the bowl of noodles, the mountain hut or the ferry ride that made it worthwhile. {siteName} is where we finally started writing it all down.",
          "Between us we have worked as teachers, cooks, engineers and editors, and none of us is a professional influencer. We run this site in our spare time, on our own server, and we pay for our own travel.",
        ],
      },
      {
        heading: "How we travel",
        paragraphs: [
          "Slowly, mostly. We would rather spend a week in one neighbourhood than a day in each of seven cities. We take trains, buses and ferries where we can, carry small bags, stay in guesthouses and family-run places, and build our days around walking and eating.",
          "We are not extreme adventurers and we do not travel in luxury. If we can do something, most reasonably fit and curious people can too, and we try to be honest about the hard parts: the steep climbs, the crowds, the days when it rains.",
        ],
      },
      {
        heading: "How we pick places",
        paragraphs: [
          "Every destination and story on {siteName} comes from our own trips. We look for places with a strong sense of character, food worth travelling for and a way to enjoy them without joining the crush, whether that means going in the shoulder season, getting up early or walking one street further.",
          "We also think about the people who live there. We favour locally owned businesses, suggest times to visit when a place is less overwhelmed, and point out where a little care or respect goes a long way.",
        ],
      },
      {
        heading: "How we write about food",
        paragraphs: [
          "Food is usually the reason we go somewhere, and often the reason we go back. We write about markets, street stalls, home cooks and modest restaurants far more than fine dining, because that is where we find a place's everyday flavour.",
          "When we share a recipe, we cook it at home first, more than once, with ingredients you can actually find. We say when we have adapted a dish, and we try to give credit to the cooks and traditions it comes from. Nutritional values are rough estimates to help you plan, not medical advice.",
        ],
      },
      {
        heading: "Independence and honesty",
        paragraphs: [
          "Nobody pays us to say nice things. If we ever accept a discount, a free stay or a sponsored trip, we will say so clearly at the top of the post, and it will not change what we write.",
          "If you spot a mistake, a closed restaurant or a change in how things work, please tell us through the contact page. Travel information goes out of date quickly, and our readers are our best fact-checkers.",
        ],
      },
    ],
  },

  disclaimer: {
    slug: "disclaimer",
    title: "Disclaimer",
    description:
      "Important notes on the travel, food and health information on {siteName}: accuracy, safety, allergies, affiliate links and other sites.",
    intro:
      "We work hard to make {siteName} useful and accurate, but travel and food information comes with limits. Please read this page before you rely on anything you find here.",
    sections: [
      {
        heading: "General information only",
        paragraphs: [
          "Everything on {siteName} is shared for general information and inspiration. It reflects our own experiences and opinions at the time we travelled or cooked, and it is not professional travel, legal, medical or financial advice.",
          "Your trip, health, budget and circumstances are your own. Use our articles as a starting point, and make your own decisions about what is right and safe for you.",
        ],
      },
      {
        heading: "Accuracy and changes",
        paragraphs: [
          "Prices, opening hours, timetables, entry rules and visa requirements change often, sometimes overnight. Restaurants close, trails are rerouted and ferries are cancelled. Each post carries the date it was published, and we update articles when we learn that something has changed, but we cannot guarantee that every detail is current.",
          "Always check important details with the official source before you travel, such as the transport operator, the venue itself or your government's official travel advice.",
        ],
      },
      {
        heading: "Travel safety and outdoor activities",
        paragraphs: [
          "Hiking, swimming, driving and other activities we describe carry real risks. Conditions in the mountains, at sea and in the desert can change quickly. Check local forecasts and advice, know your own limits, carry suitable equipment and turn back when in doubt.",
          "We strongly recommend comprehensive travel insurance that covers the activities you plan to do, including mountain rescue and medical evacuation where relevant. Check your government's travel advice for your destination before you book and again before you leave.",
        ],
      },
      {
        heading: "Food, recipes and allergies",
        paragraphs: [
          "Our recipes are tested in home kitchens, but results depend on your ingredients, equipment and judgement. Follow safe food handling practices and cook meat and eggs thoroughly.",
          "Recipes may contain common allergens such as nuts, gluten, dairy, eggs, fish, shellfish and soy, and street food abroad is rarely labelled. If you have allergies or dietary needs, check every ingredient yourself and learn how to explain your needs in the local language. Nutritional values are approximate estimates per serving and should not be used for medical purposes.",
        ],
      },
      {
        heading: "Affiliate links and partnerships",
        paragraphs: [
          "{siteName} is independent and currently carries no affiliate links or advertising. If we ever add affiliate links, which pay us a small commission when you book or buy through them at no extra cost to you, we will mark them clearly and only use them for things we would recommend anyway.",
          "If we receive a free product, stay or service, or are paid to write about something, we will disclose it clearly in that post. Our opinions are always our own.",
        ],
      },
      {
        heading: "Links to other websites",
        paragraphs: [
          "From time to time we may mention or link to other websites. We do not control their content, accuracy or privacy practices, and a link is not an endorsement of everything on that site. Please review their own terms and policies.",
        ],
      },
    ],
  },

  "privacy-policy": {
    slug: "privacy-policy",
    title: "Privacy Policy",
    description:
      "What personal information {siteName} stores, why, who can see it and how to ask us to delete it. No third-party trackers, ads or hosted fonts.",
    intro:
      "{siteName} is a small, self-hosted website. We collect as little personal information as we can, we keep it on our own server, and we never sell it. This page explains exactly what we store and why.",
    sections: [
      {
        heading: "Who runs this site",
        paragraphs: [
          "{siteName} is run by the small team described on our About page. We are responsible for the personal information collected through this website. The site runs on our own server, and the information you send us is stored in our own database rather than with a third-party service.",
          "If you have any question about this policy or your information, please get in touch through our contact page.",
        ],
      },
      {
        heading: "What we collect and why",
        paragraphs: [
          "Contact messages: when you use the contact form, we store your first name, last name, email address, phone number and your message, together with the date it was sent. We use this only to read and reply to your message.",
          "Blog comments: when you comment on a post, we store your name, email address and comment, with the time it was submitted. Every comment is reviewed by an administrator and only appears on the site once it has been approved. Only your name and comment are shown publicly; your email address is never published and is used only if we need to contact you about your comment.",
          "Newsletter sign-ups: if you sign up through the newsletter pop-up, we store your full name, email address and phone number, and the date you signed up. We use them only to send you updates from {siteName}, and you can ask us to remove you at any time.",
          "Favourite destinations: when you save a destination as a favourite, the list is kept only in your own browser's local storage, on your device. It is never sent to our server, and we cannot see it. You can clear it at any time by removing your favourites or clearing this site's data in your browser settings.",
        ],
      },
      {
        heading: "Cookies and tracking",
        paragraphs: [
          "We do not use advertising, analytics or tracking cookies, and we do not use any third-party trackers, social media widgets, advertising networks or analytics services. Our fonts and images are served from our own server, so loading a page does not share your visit with font or image hosting services.",
          "The only cookie we set is a session cookie for administrators, created when a member of our team signs in to manage the site and removed when they sign out or the session expires. Visitors who do not sign in to the admin area do not receive it.",
          "Like almost every web server, ours may keep short-lived technical logs, such as IP addresses, the time of a request and the page requested, to keep the site secure and working. We do not use these logs to profile visitors.",
        ],
      },
      {
        heading: "Who can see your information",
        paragraphs: [
          "Only the administrators of {siteName} can see contact messages, newsletter sign-ups and unpublished comments, through a password-protected admin area. We do not sell, rent or trade your personal information, and we do not share it with anyone else unless the law requires us to.",
          "The company that provides our server hosting may have technical access to the machine it runs on, as part of providing that service, but does not use our data for its own purposes.",
        ],
      },
      {
        heading: "How long we keep it",
        paragraphs: [
          "We keep contact messages for as long as we need them to deal with your enquiry and any follow-up. Approved comments remain on the post they belong to until you ask us to remove them or we delete the post. Newsletter details are kept until you unsubscribe or ask us to delete them. We periodically remove information we no longer need.",
        ],
      },
      {
        heading: "Your rights and deletion requests",
        paragraphs: [
          "You can ask us at any time to see the personal information we hold about you, to correct it, or to delete it. Depending on where you live, you may have further rights under data protection law, such as the right to object to how we use your information or to complain to your local data protection authority.",
          "To make a request, send us a message through the contact page from the email address you used, tell us what you would like us to do, and, if it helps, which comment, message or sign-up it relates to. We will confirm once it is done, normally within 30 days.",
        ],
      },
      {
        heading: "Changes to this policy",
        paragraphs: [
          "If we change the way we handle personal information, for example by adding a new feature that collects data, we will update this page before the change takes effect. Please check back from time to time.",
        ],
      },
    ],
  },

  "terms-and-condition": {
    slug: "terms-and-condition",
    title: "Terms and Conditions",
    description:
      "The terms for using {siteName}: how you may use our content, the rules for comments, the limits of our liability and how these terms may change.",
    intro:
      "These terms explain the ground rules for using {siteName}. By browsing the site, leaving a comment or contacting us, you agree to them. They are written to be read, so please take a couple of minutes.",
    sections: [
      {
        heading: "Using this site",
        paragraphs: [
          "{siteName} is a personal travel and food blog, offered free of charge for your own, non-commercial use. You are welcome to read, share links to our posts, cook our recipes and plan your trips with our help.",
          "Please do not misuse the site: do not try to break into the admin area, interfere with how the site works, overload it with automated requests or use it to send spam.",
        ],
      },
      {
        heading: "Our content",
        paragraphs: [
          "Unless we say otherwise, the words, illustrations and photographs on {siteName} are our own and are protected by copyright. You may quote a short extract with a clear credit and a link back to the original post.",
          "Please do not copy whole articles or recipes, republish our images, or use our content for commercial purposes or to train automated systems without our written permission. If you would like to use something, just ask through the contact page; we are usually happy to help.",
        ],
      },
      {
        heading: "Comments",
        paragraphs: [
          "We love hearing from readers, and comments are a big part of what makes a travel blog useful. Every comment is moderated before it appears. To keep the conversation friendly and helpful, please follow a few simple rules.",
          "Be kind and respectful, including about other cultures and the people who live in the places we write about. No harassment, hate speech, threats or personal attacks. No spam, advertising or self-promotional links. Do not post other people's personal information, or anything illegal, misleading or that you do not have the right to share.",
          "We may decline, edit for length or remove any comment at our discretion, without notice. By posting a comment, you give us permission to display it on the site alongside the name you provide. You remain responsible for what you write.",
        ],
      },
      {
        heading: "Accuracy and liability",
        paragraphs: [
          "We share information in good faith and try to keep it accurate, but we cannot promise that everything on the site is complete, current or suitable for your situation. Please read our Disclaimer, and always check important details with official sources before you travel.",
          "To the fullest extent permitted by law, {siteName} and its authors are not liable for any loss, injury, inconvenience or expense arising from your use of the site or from relying on its content, including plans you make or activities you undertake. Nothing in these terms limits any liability that cannot be limited by law.",
        ],
      },
      {
        heading: "Links and other services",
        paragraphs: [
          "Where we link to other websites, we do so for your convenience. We are not responsible for their content, availability or practices, and your use of them is governed by their own terms.",
        ],
      },
      {
        heading: "Changes to these terms",
        paragraphs: [
          "We may update these terms from time to time, for example when we add new features to the site. The current version is always the one published on this page, and continuing to use the site after a change means you accept the updated terms. If you have questions, please contact us through the contact page.",
        ],
      },
    ],
  },
};

/** A built-in page as the `pages` table first holds it: the sections become the page's HTML. */
export function builtinPageRow(page: StaticPage) {
  const content = page.sections
    .map(
      (section) =>
        `<h2>${escapeHtml(section.heading)}</h2>${section.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("")}`,
    )
    .join("");
  return {
    builtin: page.slug,
    slug: page.slug,
    title: page.title,
    intro: page.intro,
    content,
    seo_title: "",
    seo_description: page.description,
  };
}

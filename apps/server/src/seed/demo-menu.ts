import type { Allergen } from "@tableorder/domain/enums";

/** Demo Taverna's menu: real dishes at real Athens prices, in Greek and English. */

export interface DemoOption {
  name: string;
  nameEng: string;
  price?: number;
}

export interface DemoProduct {
  name: string;
  nameEng: string;
  /** Its illustration in demo-pictures/: `<picture>.webp` and the sized copies beside it. */
  picture: string;
  description?: string;
  descriptionEng?: string;
  price: number;
  takeAway?: number;
  area: "Kitchen" | "Bar" | null;
  allergens?: Allergen[];
  ways?: DemoOption[];
  basics?: DemoOption[];
  extras?: DemoOption[];
}

export interface DemoCategory {
  name: string;
  nameEng: string;
  products: DemoProduct[];
}

const breadExtras: DemoOption[] = [{ name: "Επιπλέον πίτα", nameEng: "Extra pita", price: 50 }];

export const DEMO_MENU: DemoCategory[] = [
  {
    name: "Ορεκτικά",
    nameEng: "Starters",
    products: [
      {
        name: "Τζατζίκι",
        nameEng: "Tzatziki",
        picture: "tzatziki",
        description: "Στραγγιστό γιαούρτι, αγγούρι, σκόρδο, άνηθος",
        descriptionEng: "Strained yoghurt, cucumber, garlic, dill",
        price: 550,
        takeAway: 500,
        area: "Kitchen",
        allergens: ["milk"],
        basics: [
          { name: "Σκόρδο", nameEng: "Garlic" },
          { name: "Άνηθος", nameEng: "Dill" },
        ],
        extras: breadExtras,
      },
      {
        name: "Χτυπητή",
        nameEng: "Spicy feta dip",
        picture: "htipiti",
        description: "Φέτα με καυτερή πιπεριά",
        descriptionEng: "Feta whipped with hot pepper",
        price: 600,
        takeAway: 550,
        area: "Kitchen",
        allergens: ["milk"],
        extras: breadExtras,
      },
      {
        name: "Πατάτες τηγανητές",
        nameEng: "French fries",
        picture: "french-fries",
        price: 450,
        takeAway: 400,
        area: "Kitchen",
        ways: [
          { name: "Κανονικές", nameEng: "Regular" },
          { name: "Με ρίγανη", nameEng: "With oregano" },
        ],
        extras: [
          { name: "Τριμμένη φέτα", nameEng: "Crumbled feta", price: 100 },
          { name: "Αυγό", nameEng: "Fried egg", price: 100 },
        ],
      },
      {
        name: "Κεφτεδάκια",
        nameEng: "Meatballs",
        picture: "keftedakia",
        description: "Τηγανητά κεφτεδάκια με δυόσμο",
        descriptionEng: "Fried meatballs with mint",
        price: 850,
        takeAway: 800,
        area: "Kitchen",
        allergens: ["gluten", "eggs"],
      },
      {
        name: "Σαγανάκι",
        nameEng: "Fried cheese",
        picture: "saganaki",
        description: "Κεφαλογραβιέρα τηγανητή",
        descriptionEng: "Fried kefalograviera cheese",
        price: 700,
        area: "Kitchen",
        allergens: ["milk", "gluten"],
        extras: [{ name: "Μέλι και σουσάμι", nameEng: "Honey and sesame", price: 80 }],
      },
      {
        name: "Καλαμαράκια τηγανητά",
        nameEng: "Fried squid",
        picture: "kalamarakia",
        price: 1100,
        area: "Kitchen",
        allergens: ["molluscs", "gluten"],
      },
    ],
  },
  {
    name: "Σαλάτες",
    nameEng: "Salads",
    products: [
      {
        name: "Χωριάτικη",
        nameEng: "Greek salad",
        picture: "horiatiki",
        description: "Ντομάτα, αγγούρι, κρεμμύδι, πιπεριά, ελιές, φέτα",
        descriptionEng: "Tomato, cucumber, onion, pepper, olives, feta",
        price: 950,
        takeAway: 900,
        area: "Kitchen",
        allergens: ["milk"],
        basics: [
          { name: "Κρεμμύδι", nameEng: "Onion" },
          { name: "Πιπεριά", nameEng: "Pepper" },
          { name: "Ελιές", nameEng: "Olives" },
          { name: "Φέτα", nameEng: "Feta" },
        ],
        extras: [{ name: "Κάπαρη", nameEng: "Capers", price: 50 }],
      },
      {
        name: "Ντάκος",
        nameEng: "Dakos",
        picture: "dakos",
        description: "Κρητικό παξιμάδι, ντομάτα, μυζήθρα",
        descriptionEng: "Cretan rusk, tomato, mizithra cheese",
        price: 850,
        area: "Kitchen",
        allergens: ["gluten", "milk"],
      },
      {
        name: "Πράσινη σαλάτα",
        nameEng: "Green salad",
        picture: "green-salad",
        price: 750,
        area: "Kitchen",
        allergens: ["mustard"],
        basics: [
          { name: "Μαρούλι", nameEng: "Lettuce" },
          { name: "Ρόκα", nameEng: "Rocket" },
          { name: "Ντρέσινγκ μουστάρδας", nameEng: "Mustard dressing" },
        ],
      },
      {
        name: "Σαλάτα Καίσαρα",
        nameEng: "Caesar salad",
        picture: "caesar-salad",
        price: 1050,
        area: "Kitchen",
        allergens: ["gluten", "eggs", "fish", "milk"],
        extras: [{ name: "Κοτόπουλο", nameEng: "Chicken", price: 250 }],
      },
    ],
  },
  {
    name: "Κυρίως πιάτα",
    nameEng: "Mains",
    products: [
      {
        name: "Μουσακάς",
        nameEng: "Moussaka",
        picture: "moussaka",
        price: 1300,
        takeAway: 1200,
        area: "Kitchen",
        allergens: ["gluten", "milk", "eggs"],
      },
      {
        name: "Σουβλάκι χοιρινό",
        nameEng: "Pork souvlaki",
        picture: "souvlaki",
        description: "Δύο καλαμάκια με πατάτες και πίτα",
        descriptionEng: "Two skewers with fries and pita",
        price: 1100,
        takeAway: 1000,
        area: "Kitchen",
        allergens: ["gluten"],
        ways: [
          { name: "Καλοψημένο", nameEng: "Well done" },
          { name: "Μέτριο", nameEng: "Medium" },
        ],
        basics: [
          { name: "Τζατζίκι", nameEng: "Tzatziki" },
          { name: "Κρεμμύδι", nameEng: "Onion" },
        ],
        extras: breadExtras,
      },
      {
        name: "Μπιφτέκι μοσχαρίσιο",
        nameEng: "Beef patty",
        picture: "bifteki",
        price: 1250,
        area: "Kitchen",
        allergens: ["eggs", "gluten"],
        ways: [
          { name: "Σκέτο", nameEng: "Plain" },
          { name: "Γεμιστό με φέτα", nameEng: "Stuffed with feta", price: 150 },
        ],
      },
      {
        name: "Τσιπούρα σχάρας",
        nameEng: "Grilled sea bream",
        picture: "tsipoura",
        price: 1650,
        area: "Kitchen",
        allergens: ["fish"],
        basics: [{ name: "Λαδολέμονο", nameEng: "Olive oil and lemon" }],
      },
      {
        name: "Γεμιστά",
        nameEng: "Stuffed tomatoes and peppers",
        picture: "gemista",
        price: 1050,
        takeAway: 950,
        area: "Kitchen",
        extras: [{ name: "Φέτα", nameEng: "Feta", price: 200 }],
      },
      {
        name: "Παστίτσιο",
        nameEng: "Pastitsio",
        picture: "pastitsio",
        price: 1250,
        area: "Kitchen",
        allergens: ["gluten", "milk", "eggs"],
      },
    ],
  },
  {
    name: "Επιδόρπια",
    nameEng: "Desserts",
    products: [
      {
        name: "Γαλακτομπούρεκο",
        nameEng: "Galaktoboureko",
        picture: "galaktoboureko",
        price: 650,
        area: "Kitchen",
        allergens: ["gluten", "milk", "eggs"],
        extras: [{ name: "Παγωτό βανίλια", nameEng: "Vanilla ice cream", price: 200 }],
      },
      {
        name: "Γιαούρτι με μέλι",
        nameEng: "Yoghurt with honey",
        picture: "yoghurt-honey",
        price: 550,
        area: "Kitchen",
        allergens: ["milk", "nuts"],
        basics: [{ name: "Καρύδια", nameEng: "Walnuts" }],
      },
      {
        name: "Λουκουμάδες",
        nameEng: "Loukoumades",
        picture: "loukoumades",
        price: 600,
        area: "Kitchen",
        allergens: ["gluten", "sesame"],
        ways: [
          { name: "Με μέλι", nameEng: "With honey" },
          { name: "Με πραλίνα", nameEng: "With praline", price: 100 },
        ],
      },
    ],
  },
  {
    name: "Ποτά",
    nameEng: "Drinks",
    products: [
      {
        name: "Freddo espresso",
        nameEng: "Freddo espresso",
        picture: "freddo-espresso",
        price: 350,
        takeAway: 300,
        area: "Bar",
        ways: [
          { name: "Σκέτος", nameEng: "No sugar" },
          { name: "Μέτριος", nameEng: "Medium sugar" },
          { name: "Γλυκός", nameEng: "Sweet" },
        ],
        extras: [{ name: "Extra shot", nameEng: "Extra shot", price: 50 }],
      },
      {
        name: "Freddo cappuccino",
        nameEng: "Freddo cappuccino",
        picture: "freddo-cappuccino",
        price: 400,
        takeAway: 350,
        area: "Bar",
        allergens: ["milk"],
        ways: [
          { name: "Σκέτος", nameEng: "No sugar" },
          { name: "Μέτριος", nameEng: "Medium sugar" },
          { name: "Γλυκός", nameEng: "Sweet" },
        ],
        extras: [{ name: "Γάλα βρώμης", nameEng: "Oat milk", price: 50 }],
      },
      {
        name: "Ελληνικός καφές",
        nameEng: "Greek coffee",
        picture: "greek-coffee",
        price: 250,
        area: "Bar",
        ways: [
          { name: "Σκέτος", nameEng: "No sugar" },
          { name: "Μέτριος", nameEng: "Medium sugar" },
          { name: "Γλυκός", nameEng: "Sweet" },
        ],
      },
      { name: "Πορτοκαλάδα", nameEng: "Orangeade", picture: "orangeade", price: 300, takeAway: 250, area: "Bar" },
      {
        name: "Μπύρα Άλφα 500ml",
        nameEng: "Alfa beer 500ml",
        picture: "beer",
        price: 500,
        area: "Bar",
        allergens: ["gluten"],
      },
      {
        name: "Ούζο (καραφάκι)",
        nameEng: "Ouzo (carafe)",
        picture: "ouzo",
        price: 800,
        area: "Bar",
        extras: [{ name: "Πάγος", nameEng: "Ice", price: 0 }],
      },
      {
        name: "Κρασί χύμα λευκό 500ml",
        nameEng: "House white wine 500ml",
        picture: "white-wine",
        price: 750,
        area: "Bar",
        allergens: ["sulphites"],
      },
      { name: "Νερό 1L", nameEng: "Water 1L", picture: "water", price: 100, takeAway: 100, area: null },
    ],
  },
];

// Messages of the records and rewards relays (decision 017), spread into messages.ts. The trial
// refusal has its own key here (errorCode trial.not.allowed) so the three member-centre parts never
// define the same key twice.

export const recordsMessages = {
  "records.trial.not.allowed": {
    EN: "This needs a real account. Please register to use it.",
    BN: "এর জন্য একটি আসল অ্যাকাউন্ট প্রয়োজন। ব্যবহার করতে অনুগ্রহ করে নিবন্ধন করুন।",
  },
  "date.range.invalid": {
    EN: "Choose a start date before the end date, at most one year apart.",
    BN: "শেষ তারিখের আগে একটি শুরুর তারিখ বেছে নিন, সর্বোচ্চ এক বছরের ব্যবধানে।",
  },
  "rebate.nothing.to.claim": {
    EN: "There is no cashback to claim yet.",
    BN: "এখনও দাবি করার মতো কোনো ক্যাশব্যাক নেই।",
  },
  "promotion.not.found": {
    EN: "This promotion does not exist.",
    BN: "এই প্রোমোশনটি নেই।",
  },
  "promotion.not.available": {
    EN: "This promotion cannot be joined now.",
    BN: "এই প্রোমোশনে এখন যোগ দেওয়া যাবে না।",
  },
  "promotion.not.claimable": {
    EN: "This promotion has no bonus to claim now.",
    BN: "এই প্রোমোশনে এখন দাবি করার মতো কোনো বোনাস নেই।",
  },
  "raffle.already.claimed": {
    EN: "You have already drawn today. Come back tomorrow.",
    BN: "আপনি আজ ইতিমধ্যে ড্র করেছেন। আগামীকাল আবার আসুন।",
  },
  "mission.not.found": {
    EN: "This mission does not exist.",
    BN: "এই মিশনটি নেই।",
  },
  "mission.not.complete": {
    EN: "This mission is not complete yet.",
    BN: "এই মিশনটি এখনও সম্পূর্ণ হয়নি।",
  },
  "mission.already.claimed": {
    EN: "This mission's reward has already been claimed.",
    BN: "এই মিশনের পুরস্কার ইতিমধ্যে দাবি করা হয়েছে।",
  },
};

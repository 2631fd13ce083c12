import type { Language } from "./messages";

// The money part's messages (decision 016), spread into messages.ts.

export const moneyMessages = {
  "trial.not.allowed": {
    EN: "This needs a real account. Please register or log in with your own account.",
    BN: "এর জন্য একটি আসল অ্যাকাউন্ট প্রয়োজন। অনুগ্রহ করে নিবন্ধন করুন বা নিজের অ্যাকাউন্টে লগইন করুন।",
  },
  "amount.invalid": {
    EN: "Enter a positive amount with at most two decimals.",
    BN: "সর্বোচ্চ দুই দশমিক ঘর সহ একটি ধনাত্মক পরিমাণ লিখুন।",
  },
  "wallet.not.found": {
    EN: "Choose the main wallet and one game wallet.",
    BN: "প্রধান ওয়ালেট এবং একটি গেম ওয়ালেট বেছে নিন।",
  },
  "wallet.single.mode": {
    EN: "This site uses a single wallet: transfers to game wallets are not needed.",
    BN: "এই সাইটে একটি মাত্র ওয়ালেট ব্যবহৃত হয়: গেম ওয়ালেটে ট্রান্সফারের প্রয়োজন নেই।",
  },
  "message.not.found": {
    EN: "This message does not exist.",
    BN: "এই বার্তাটি নেই।",
  },
  "deposit.channel.not.found": {
    EN: "This payment channel is not available. Please choose another.",
    BN: "এই পেমেন্ট চ্যানেলটি উপলব্ধ নয়। অনুগ্রহ করে অন্যটি বেছে নিন।",
  },
  "deposit.amount.range": {
    EN: "The amount must be between {min} and {max}.",
    BN: "পরিমাণ {min} থেকে {max} এর মধ্যে হতে হবে।",
  },
  "deposit.amount.fixed": {
    EN: "Choose one of the amounts offered for this channel.",
    BN: "এই চ্যানেলের জন্য দেওয়া পরিমাণগুলোর একটি বেছে নিন।",
  },
  "deposit.transaction.invalid": {
    EN: "Enter the transaction ID of your payment (4 to 64 letters, digits or dashes).",
    BN: "আপনার পেমেন্টের ট্রানজেকশন আইডি লিখুন (৪ থেকে ৬৪টি অক্ষর, সংখ্যা বা ড্যাশ)।",
  },
  "deposit.pending.limit": {
    EN: "You have {max} deposits waiting. Please wait until they are processed.",
    BN: "আপনার {max}টি ডিপোজিট অপেক্ষমাণ। সেগুলো প্রক্রিয়া হওয়া পর্যন্ত অপেক্ষা করুন।",
  },
  "deposit.not.found": {
    EN: "This deposit does not exist.",
    BN: "এই ডিপোজিটটি নেই।",
  },
  "deposit.not.pending": {
    EN: "This deposit is no longer waiting and cannot be cancelled.",
    BN: "এই ডিপোজিটটি আর অপেক্ষমাণ নেই এবং বাতিল করা যাবে না।",
  },
  "payment.password.invalid": {
    EN: "The withdrawal password must be 6 to 20 characters without spaces.",
    BN: "উত্তোলনের পাসওয়ার্ড ৬ থেকে ২০ অক্ষরের হতে হবে, কোনো স্পেস ছাড়া।",
  },
  "payment.password.mismatch": {
    EN: "The two passwords do not match.",
    BN: "দুটি পাসওয়ার্ড মেলেনি।",
  },
  "payment.password.exists": {
    EN: "A withdrawal password is already set. Change it instead.",
    BN: "উত্তোলনের পাসওয়ার্ড আগেই সেট করা আছে। পরিবর্তে এটি পরিবর্তন করুন।",
  },
  "not.exists.payment.password": {
    EN: "Please set a withdrawal password first.",
    BN: "অনুগ্রহ করে প্রথমে একটি উত্তোলনের পাসওয়ার্ড সেট করুন।",
  },
  "invalid.payment.pw": {
    EN: "The withdrawal password is incorrect.",
    BN: "উত্তোলনের পাসওয়ার্ড ভুল।",
  },
  "card.bank.not.found": {
    EN: "Choose a bank or e-wallet from the list.",
    BN: "তালিকা থেকে একটি ব্যাংক বা ই-ওয়ালেট বেছে নিন।",
  },
  "card.account.invalid": {
    EN: "Check the account name (2 to 60 characters) and number (6 to 30 digits; e-wallets: the wallet's mobile number starting with 01).",
    BN: "অ্যাকাউন্টের নাম (২ থেকে ৬০ অক্ষর) এবং নম্বর (৬ থেকে ৩০ সংখ্যা; ই-ওয়ালেট: ০১ দিয়ে শুরু ওয়ালেটের মোবাইল নম্বর) যাচাই করুন।",
  },
  "card.duplicate": {
    EN: "This account is already bound.",
    BN: "এই অ্যাকাউন্টটি আগেই যুক্ত করা হয়েছে।",
  },
  "card.limit": {
    EN: "You can bind at most {max} accounts.",
    BN: "আপনি সর্বোচ্চ {max}টি অ্যাকাউন্ট যুক্ত করতে পারেন।",
  },
  "card.binding.final": {
    EN: "A bound account is final and cannot be removed or changed.",
    BN: "যুক্ত করা অ্যাকাউন্ট চূড়ান্ত এবং সরানো বা পরিবর্তন করা যায় না।",
  },
  "withdraw.card.not.found": {
    EN: "Choose one of your bound accounts.",
    BN: "আপনার যুক্ত করা অ্যাকাউন্টগুলোর একটি বেছে নিন।",
  },
  "withdraw.amount.min": {
    EN: "The smallest withdrawal is {min}.",
    BN: "সর্বনিম্ন উত্তোলন {min}।",
  },
  "withdraw.amount.max": {
    EN: "The largest withdrawal is {max}.",
    BN: "সর্বোচ্চ উত্তোলন {max}।",
  },
  "withdraw.daily.amount": {
    EN: "This passes your daily withdrawal limit: {remaining} left today.",
    BN: "এটি আপনার দৈনিক উত্তোলনের সীমা ছাড়িয়ে যায়: আজ আর {remaining} বাকি।",
  },
  "withdraw.daily.times": {
    EN: "You have made the {max} withdrawals allowed per day.",
    BN: "আপনি দিনে অনুমোদিত {max}টি উত্তোলন করে ফেলেছেন।",
  },
  "withdraw.not.found": {
    EN: "This withdrawal does not exist.",
    BN: "এই উত্তোলনটি নেই।",
  },
  "withdraw.not.issued": {
    EN: "This withdrawal has not been paid out yet.",
    BN: "এই উত্তোলনটি এখনো পরিশোধ করা হয়নি।",
  },
  "withdraw.already.confirmed": {
    EN: "This withdrawal is already confirmed.",
    BN: "এই উত্তোলনটি আগেই নিশ্চিত করা হয়েছে।",
  },
  "withdraw.received.invalid": {
    EN: "Enter the amount received: more than 0 and less than {max}.",
    BN: "প্রাপ্ত পরিমাণ লিখুন: ০ এর বেশি এবং {max} এর কম।",
  },
  "withdraw.proof.invalid": {
    EN: "Attach 1 to 3 images (PNG or JPG, at most 5 MB each).",
    BN: "১ থেকে ৩টি ছবি সংযুক্ত করুন (PNG বা JPG, প্রতিটি সর্বোচ্চ ৫ MB)।",
  },
  "upline.not.found": {
    EN: "Your account has no upline to transfer to.",
    BN: "আপনার অ্যাকাউন্টের কোনো আপলাইন নেই যাকে ট্রান্সফার করা যায়।",
  },
} satisfies Record<string, Record<Language, string>>;

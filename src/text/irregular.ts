// Irregular English forms and their lemma, so that "lost" meets "lose" and "children" meets "child":
// the suffix stripper folds regular forms only. General English (the common irregular verbs and
// plurals), not words picked for any corpus or question. Packed as text: it is in the first download.

// "lemma form form …" groups, separated by commas.
const PACKED =
  'arise arose arisen,awake awoke awoken,be was were been,bear bore borne born,beat beaten,become became,' +
  'begin began begun,bend bent,bite bitten,bleed bled,blow blew blown,break broke broken,' +
  'breed bred,bring brought,build built,burn burnt,buy bought,catch caught,choose chose chosen,' +
  'cling clung,come came,creep crept,deal dealt,dig dug,do did done,draw drew drawn,dream dreamt,drink drank drunk,' +
  'drive drove driven,eat ate eaten,fall fell fallen,feed fed,feel felt,fight fought,find found,flee fled,fly flew flown,' +
  'forbid forbade forbidden,forget forgot forgotten,forgive forgave forgiven,freeze froze frozen,get got gotten,' +
  'give gave given,go went gone,grow grew grown,hang hung,have had has,hear heard,hide hid hidden,' +
  'hold held,keep kept,kneel knelt,know knew known,lay laid,lead led,lean leant,leap leapt,learn learnt,leave left,' +
  'lend lent,lie lain,light lit,lose lost,make made,mean meant,meet met,mistake mistook mistaken,pay paid,' +
  'prove proven,rebuild rebuilt,redo redid redone,remake remade,repay repaid,retake retook retaken,rewrite rewrote rewritten,' +
  'ride rode ridden,ring rang rung,rise rose risen,run ran,say said,see saw seen,seek sought,sell sold,send sent,' +
  'sew sewn,shake shook shaken,shine shone,shoot shot,show shown,shrink shrank shrunk,sing sang sung,sink sank sunk,' +
  'sit sat,sleep slept,slide slid,speak spoke spoken,speed sped,spend spent,spin spun,spit spat,' +
  'spring sprang sprung,stand stood,steal stole stolen,stick stuck,sting stung,stink stank stunk,strike struck,' +
  'swear swore sworn,sweep swept,swim swam swum,swing swung,take took taken,teach taught,tear tore torn,tell told,' +
  'think thought,throw threw thrown,understand understood,undertake undertook undertaken,undo undid undone,' +
  'wake woke woken,wear wore worn,weave wove woven,weep wept,win won,withdraw withdrew withdrawn,' +
  'write wrote written,' +
  // Irregular plurals.
  'child children,man men,woman women,person people,foot feet,tooth teeth,mouse mice,goose geese,' +
  'analysis analyses,crisis crises,criterion criteria,datum data,medium media,index indices,appendix appendices,' +
  'life lives,wife wives,knife knives,leaf leaves,half halves,shelf shelves,thief thieves,' +
  // Comparatives and superlatives.
  'good better best,bad worse worst,far further furthest farther farthest';

/** Irregular form → lemma: "lost" → "lose", "children" → "child". Lemmas map to themselves implicitly. */
export const IRREGULAR: ReadonlyMap<string, string> = new Map(
  PACKED.split(',').flatMap((group) => {
    const [lemma, ...forms] = group.split(' ');
    return forms.map((form) => [form, lemma as string] as const);
  }),
);

// Species accepted by DANDI: its species table (dandi-cli `species_map`: mouse, human, rat, rhesus
// macaque, marmoset, fruit fly, zebrafish, C. elegans, pig-tailed macaque, Mongolian gerbil, ...)
// plus other species common in neurophysiology labs. Each has its NCBI Taxonomy id. This mirrors
// the backend's metadata rules (metadata/ in the Python package): keep both in step.

export interface Species {
  /** Latin binomial as written into the NWB file. */
  name: string
  commonName: string
  taxonId: number
  /** What people type instead of the Latin name (lower case). */
  aliases: string[]
}

export const SPECIES: Species[] = [
  {
    name: 'Mus musculus',
    commonName: 'House mouse',
    taxonId: 10090,
    aliases: ['mouse', 'mice', 'house mouse', 'lab mouse', 'c57bl/6', 'c57bl/6j', 'c57 mouse'],
  },
  {
    name: 'Rattus norvegicus',
    commonName: 'Norway rat',
    taxonId: 10116,
    aliases: [
      'rat',
      'rats',
      'norway rat',
      'brown rat',
      'lab rat',
      'long-evans rat',
      'sprague-dawley rat',
      'wistar rat',
    ],
  },
  {
    name: 'Homo sapiens',
    commonName: 'Human',
    taxonId: 9606,
    aliases: ['human', 'humans', 'person', 'patient', 'participant'],
  },
  {
    name: 'Macaca mulatta',
    commonName: 'Rhesus monkey',
    taxonId: 9544,
    aliases: ['rhesus', 'rhesus monkey', 'rhesus macaque', 'macaque'],
  },
  {
    name: 'Macaca nemestrina',
    commonName: 'Pig-tailed macaque',
    taxonId: 9545,
    aliases: ['pig-tailed macaque', 'pigtail macaque', 'pigtail monkey'],
  },
  {
    name: 'Macaca fascicularis',
    commonName: 'Crab-eating macaque',
    taxonId: 9541,
    aliases: ['crab-eating macaque', 'cynomolgus monkey', 'long-tailed macaque'],
  },
  {
    name: 'Callithrix jacchus',
    commonName: 'Common marmoset',
    taxonId: 9483,
    aliases: ['marmoset', 'common marmoset'],
  },
  { name: 'Rattus rattus', commonName: 'Black rat', taxonId: 10117, aliases: ['black rat', 'roof rat'] },
  {
    name: 'Drosophila melanogaster',
    commonName: 'Fruit fly',
    taxonId: 7227,
    aliases: ['fruit fly', 'fly', 'drosophila'],
  },
  { name: 'Danio rerio', commonName: 'Zebrafish', taxonId: 7955, aliases: ['zebrafish', 'zebra fish'] },
  {
    name: 'Caenorhabditis elegans',
    commonName: 'Roundworm',
    taxonId: 6239,
    aliases: ['c. elegans', 'c elegans', 'worm', 'nematode'],
  },
  {
    name: 'Meriones unguiculatus',
    commonName: 'Mongolian gerbil',
    taxonId: 10047,
    aliases: ['gerbil', 'mongolian gerbil', 'mongolian jird'],
  },
  { name: 'Taeniopygia guttata', commonName: 'Zebra finch', taxonId: 59729, aliases: ['zebra finch', 'finch'] },
  { name: 'Mustela putorius furo', commonName: 'Domestic ferret', taxonId: 9669, aliases: ['ferret'] },
  { name: 'Felis catus', commonName: 'Domestic cat', taxonId: 9685, aliases: ['cat'] },
  { name: 'Canis lupus familiaris', commonName: 'Dog', taxonId: 9615, aliases: ['dog'] },
  { name: 'Sus scrofa', commonName: 'Pig', taxonId: 9823, aliases: ['pig', 'swine'] },
  { name: 'Oryctolagus cuniculus', commonName: 'Rabbit', taxonId: 9986, aliases: ['rabbit'] },
  { name: 'Cavia porcellus', commonName: 'Guinea pig', taxonId: 10141, aliases: ['guinea pig'] },
  {
    name: 'Mesocricetus auratus',
    commonName: 'Golden hamster',
    taxonId: 10036,
    aliases: ['hamster', 'golden hamster', 'syrian hamster'],
  },
  { name: 'Gallus gallus', commonName: 'Chicken', taxonId: 9031, aliases: ['chicken'] },
  {
    name: 'Xenopus laevis',
    commonName: 'African clawed frog',
    taxonId: 8355,
    aliases: ['xenopus', 'clawed frog', 'frog'],
  },
  { name: 'Peromyscus maniculatus', commonName: 'Deer mouse', taxonId: 10042, aliases: ['deer mouse'] },
  { name: 'Octodon degus', commonName: 'Degu', taxonId: 10160, aliases: ['degu'] },
  {
    name: 'Heterocephalus glaber',
    commonName: 'Naked mole-rat',
    taxonId: 10181,
    aliases: ['naked mole rat', 'naked mole-rat'],
  },
  {
    name: 'Rousettus aegyptiacus',
    commonName: 'Egyptian fruit bat',
    taxonId: 9407,
    aliases: ['egyptian fruit bat', 'fruit bat'],
  },
  { name: 'Pan troglodytes', commonName: 'Chimpanzee', taxonId: 9598, aliases: ['chimpanzee', 'chimp'] },
  { name: 'Bos taurus', commonName: 'Cattle', taxonId: 9913, aliases: ['cow', 'cattle'] },
  { name: 'Ovis aries', commonName: 'Sheep', taxonId: 9940, aliases: ['sheep'] },
  { name: 'Apis mellifera', commonName: 'Honey bee', taxonId: 7460, aliases: ['honey bee', 'honeybee', 'bee'] },
  { name: 'Aplysia californica', commonName: 'California sea hare', taxonId: 6500, aliases: ['aplysia', 'sea hare'] },
  { name: 'Ambystoma mexicanum', commonName: 'Axolotl', taxonId: 8296, aliases: ['axolotl'] },
  { name: 'Saimiri sciureus', commonName: 'Squirrel monkey', taxonId: 9521, aliases: ['squirrel monkey'] },
  { name: 'Tupaia belangeri', commonName: 'Tree shrew', taxonId: 37347, aliases: ['tree shrew'] },
  { name: 'Tyto alba', commonName: 'Barn owl', taxonId: 56313, aliases: ['barn owl', 'owl'] },
  { name: 'Eptesicus fuscus', commonName: 'Big brown bat', taxonId: 29078, aliases: ['big brown bat'] },
  { name: 'Octopus bimaculoides', commonName: 'California two-spot octopus', taxonId: 37653, aliases: ['octopus'] },
]

export function taxonUrl(species: Species): string {
  return `http://purl.obolibrary.org/obo/NCBITaxon_${species.taxonId}`
}

const NCBI_TAXON_URL = /^https?:\/\/purl\.obolibrary\.org\/obo\/NCBITaxon_\d+$/
const LATIN_BINOMIAL = /^[A-Z][a-z]+ [a-z]+( [a-z]+)?$/

/** The table entry for what someone typed (Latin name, common name or alias), if any. */
export function findSpecies(input: string): Species | undefined {
  const wanted = input.trim().toLowerCase()
  if (!wanted) return undefined
  return SPECIES.find(
    (s) => s.name.toLowerCase() === wanted || s.commonName.toLowerCase() === wanted || s.aliases.includes(wanted),
  )
}

export function isAcceptedSpeciesForm(value: string): boolean {
  const trimmed = value.trim()
  return LATIN_BINOMIAL.test(trimmed) || NCBI_TAXON_URL.test(trimmed)
}

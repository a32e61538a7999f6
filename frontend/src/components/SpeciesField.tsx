import { Autocomplete, createFilterOptions, TextField } from '@mui/material'
import { SPECIES, type Species } from '../metadata/species'

interface Props {
  id: string
  label: string
  value: string
  required?: boolean
  error?: string
  helperText?: string
  onChange(value: string): void
  onBlur?(): void
}

const filter = createFilterOptions<Species>({
  stringify: (species) => [species.name, species.commonName, ...species.aliases].join(' '),
})

/** Species with autocomplete over the DANDI list; other Latin names can still be typed. */
export function SpeciesField({ id, label, value, required, error, helperText, onChange, onBlur }: Props) {
  return (
    <Autocomplete<Species, false, false, true>
      id={id}
      freeSolo
      autoHighlight
      options={SPECIES}
      filterOptions={filter}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.name)}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          <span>
            <em>{option.name}</em> — {option.commonName}
          </span>
        </li>
      )}
      inputValue={value}
      onInputChange={(_, text) => onChange(text)}
      onChange={(_, chosen) => onChange(typeof chosen === 'string' ? chosen : (chosen?.name ?? ''))}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={Boolean(error)}
          helperText={error ?? helperText}
          onBlur={onBlur}
        />
      )}
    />
  )
}

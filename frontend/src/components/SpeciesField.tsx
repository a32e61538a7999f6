import { Autocomplete, createFilterOptions, TextField } from '@mui/material'
import type { SpeciesView } from '../api/types'
import { useCatalogue } from '../metadata/CatalogueContext'

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

const filter = createFilterOptions<SpeciesView>({
  stringify: (species) => [species.latin, species.common, ...species.names].join(' '),
})

/** Species with autocomplete over the server's species table; other Latin names can still be typed. */
export function SpeciesField({ id, label, value, required, error, helperText, onChange, onBlur }: Props) {
  const { catalogue } = useCatalogue()
  return (
    <Autocomplete<SpeciesView, false, false, true>
      id={id}
      freeSolo
      autoHighlight
      options={catalogue?.species ?? []}
      filterOptions={filter}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.latin)}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          <span>
            <em>{option.latin}</em> — {option.common}
          </span>
        </li>
      )}
      value={value}
      inputValue={value}
      onInputChange={(_, text) => onChange(text)}
      onChange={(_, chosen) => onChange(typeof chosen === 'string' ? chosen : (chosen?.latin ?? ''))}
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

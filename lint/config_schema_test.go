package lint

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"go.yaml.in/yaml/v3"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

const configSchemaURL = "https://github.com/seams/seams-timers/blob/main/lint/config.schema.json"

// ValidateConfigSchema checks config bytes against ConfigSchema and returns
// one message per violation (empty when valid).
func ValidateConfigSchema(src []byte) ([]string, error) {
	var doc any
	if err := yaml.NewDecoder(bytes.NewReader(src)).Decode(&doc); err != nil {
		if strings.TrimSpace(string(src)) == "" {
			return nil, nil
		}
		return []string{"not YAML: " + err.Error()}, nil
	}
	// Round-trip through JSON so that YAML's types become JSON's.
	raw, err := json.Marshal(doc)
	if err != nil {
		return []string{"not representable as JSON: " + err.Error()}, nil
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, err
	}
	schemaDoc, err := jsonschema.UnmarshalJSON(bytes.NewReader(ConfigSchema))
	if err != nil {
		return nil, fmt.Errorf("embedded schema: %w", err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource(configSchemaURL, schemaDoc); err != nil {
		return nil, err
	}
	sch, err := c.Compile(configSchemaURL)
	if err != nil {
		return nil, fmt.Errorf("embedded schema: %w", err)
	}
	err = sch.Validate(inst)
	if err == nil {
		return nil, nil
	}
	var ve *jsonschema.ValidationError
	if !asValidation(err, &ve) {
		return nil, err
	}
	var out []string
	collectLeaves(ve, &out)
	return out, nil
}

func asValidation(err error, target **jsonschema.ValidationError) bool {
	ve, ok := err.(*jsonschema.ValidationError) //nolint:errorlint // Validate returns the type itself.
	if ok {
		*target = ve
	}
	return ok
}

func collectLeaves(ve *jsonschema.ValidationError, out *[]string) {
	if len(ve.Causes) == 0 {
		loc := "/" + strings.Join(ve.InstanceLocation, "/")
		*out = append(*out, fmt.Sprintf("%s: %s", loc, ve.ErrorKind.LocalizedString(message.NewPrinter(language.English))))
		return
	}
	for _, c := range ve.Causes {
		collectLeaves(c, out)
	}
}

/**
 * rjsf's default registry (its `getDefaultRegistry`, which the build swaps for this module), with the fields and widgets
 * the form draws only for a `ui:field`/`ui:widget` it never sets or a rare `format` (alt-date, data-url, color)
 * loaded when first drawn: 3.1 KB gzip less on every page with a form (measured on the built page).
 * `registry.test.tsx` holds the names to rjsf's own.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { DEFAULT_ID_PREFIX, DEFAULT_ID_SEPARATOR, englishStringTranslator } from '@rjsf/utils';
import templates from '@rjsf/core/lib/components/templates/index.js';
import ArrayField from '@rjsf/core/lib/components/fields/ArrayField.js';
import BooleanField from '@rjsf/core/lib/components/fields/BooleanField.js';
import CyclicSchemaField from '@rjsf/core/lib/components/fields/CyclicSchemaField.js';
import FallbackField from '@rjsf/core/lib/components/fields/FallbackField.js';
import MultiSchemaField from '@rjsf/core/lib/components/fields/MultiSchemaField.js';
import NullField from '@rjsf/core/lib/components/fields/NullField.js';
import NumberField from '@rjsf/core/lib/components/fields/NumberField.js';
import ObjectField from '@rjsf/core/lib/components/fields/ObjectField.js';
import OptionalDataControlsField from '@rjsf/core/lib/components/fields/OptionalDataControlsField.js';
import SchemaField from '@rjsf/core/lib/components/fields/SchemaField.js';
import StringField from '@rjsf/core/lib/components/fields/StringField.js';
import CheckboxesWidget from '@rjsf/core/lib/components/widgets/CheckboxesWidget.js';
import CheckboxWidget from '@rjsf/core/lib/components/widgets/CheckboxWidget.js';
import DateTimeWidget from '@rjsf/core/lib/components/widgets/DateTimeWidget.js';
import DateWidget from '@rjsf/core/lib/components/widgets/DateWidget.js';
import EmailWidget from '@rjsf/core/lib/components/widgets/EmailWidget.js';
import HiddenWidget from '@rjsf/core/lib/components/widgets/HiddenWidget.js';
import PasswordWidget from '@rjsf/core/lib/components/widgets/PasswordWidget.js';
import RadioWidget from '@rjsf/core/lib/components/widgets/RadioWidget.js';
import RangeWidget from '@rjsf/core/lib/components/widgets/RangeWidget.js';
import SelectWidget from '@rjsf/core/lib/components/widgets/SelectWidget.js';
import TextareaWidget from '@rjsf/core/lib/components/widgets/TextareaWidget.js';
import TextWidget from '@rjsf/core/lib/components/widgets/TextWidget.js';
import TimeWidget from '@rjsf/core/lib/components/widgets/TimeWidget.js';
import UpDownWidget from '@rjsf/core/lib/components/widgets/UpDownWidget.js';
import URLWidget from '@rjsf/core/lib/components/widgets/URLWidget.js';

/** A component whose code loads the first time it is drawn (nothing shows meanwhile). */
function onDemand<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  const Component = lazy(load);
  return function OnDemand(props: P) {
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  };
}

const LayoutGridField = onDemand(() => import('@rjsf/core/lib/components/fields/LayoutGridField.js'));
const LayoutHeaderField = onDemand(() => import('@rjsf/core/lib/components/fields/LayoutHeaderField.js'));
const LayoutMultiSchemaField = onDemand(() => import('@rjsf/core/lib/components/fields/LayoutMultiSchemaField.js'));
const AltDateWidget = onDemand(() => import('@rjsf/core/lib/components/widgets/AltDateWidget.js'));
const AltDateTimeWidget = onDemand(() => import('@rjsf/core/lib/components/widgets/AltDateTimeWidget.js'));
const ColorWidget = onDemand(() => import('@rjsf/core/lib/components/widgets/ColorWidget.js'));
const FileWidget = onDemand(() => import('@rjsf/core/lib/components/widgets/FileWidget.js'));
const RatingWidget = onDemand(() => import('@rjsf/core/lib/components/widgets/RatingWidget.js'));

export default function getDefaultRegistry() {
  return {
    fields: {
      AnyOfField: MultiSchemaField,
      ArrayField,
      BooleanField,
      CyclicSchemaField,
      FallbackField,
      LayoutGridField,
      LayoutHeaderField,
      LayoutMultiSchemaField,
      NumberField,
      ObjectField,
      OneOfField: MultiSchemaField,
      OptionalDataControlsField,
      SchemaField,
      StringField,
      NullField,
    },
    templates: templates(),
    widgets: {
      AltDateWidget,
      AltDateTimeWidget,
      CheckboxWidget,
      CheckboxesWidget,
      ColorWidget,
      DateWidget,
      DateTimeWidget,
      EmailWidget,
      FileWidget,
      HiddenWidget,
      PasswordWidget,
      RadioWidget,
      RangeWidget,
      RatingWidget,
      SelectWidget,
      TextWidget,
      TextareaWidget,
      TimeWidget,
      UpDownWidget,
      URLWidget,
    },
    rootSchema: {},
    formContext: {},
    translateString: englishStringTranslator,
    globalFormOptions: {
      idPrefix: DEFAULT_ID_PREFIX,
      idSeparator: DEFAULT_ID_SEPARATOR,
      useFallbackUiForUnsupportedType: false,
    },
  };
}

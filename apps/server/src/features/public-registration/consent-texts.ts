/**
 * The disclosure and authorization shown on the public form and stored with the signature
 * exactly as shown (spec 001 §2 "registration information (disclosure, authorization …)",
 * SigDetails; issue 11). Modelled on what the US Fair Credit Reporting Act asks of a background
 * check for volunteers and contractors: a clear disclosure in a document of its own, a written
 * authorization, and a summary of the person's rights. The district's name is filled in; no
 * other data of the applicant is ever part of these texts.
 *
 * Not legal advice: a district that uses a consumer-reporting agency should have its counsel
 * review the wording. Spanish in the type's language (§3 regLanguageType).
 */
export interface ConsentTexts {
  disclosureText: string;
  authorizationText: string;
}

/**
 * `vendor`: the form of a SafeVendor company (ADR 0014), whose name is a company's, not a role
 * the person serves as (issue 25, audit 001 U14: "people who ask to serve as Zeta Security").
 */
export interface ConsentOwner {
  clientName: string;
  typeName: string;
  vendor?: boolean;
}

export function consentTexts(language: 'en' | 'es', v: ConsentOwner): ConsentTexts {
  return language === 'es' ? spanish(v) : english(v);
}

function english({ clientName, typeName, vendor }: ConsentOwner): ConsentTexts {
  return {
    disclosureText: [
      `Disclosure regarding background checks`,
      '',
      `${clientName} (the "District") screens ${vendor ? `people who come to its schools to work for ${typeName}` : `people who ask to serve as ${typeName} in its schools`}. As part of your registration, the District may obtain information about you, including a consumer report (background check) from a consumer reporting agency, and a search of public sex-offender registries (including the U.S. national registry, NSOPW, and state registries).`,
      '',
      'The check may include: verification of your identity and address history; state and national sex-offender registry records; and criminal records available from courts and public agencies. It does not include your credit history.',
      '',
      'How your information is used: the District uses the information you give on this form and the results of the checks only to decide on your registration and to keep students safe while you are on school grounds (for example, to check you in at the front desk). It is kept by the District and its service providers, is not sold, and is shared only with the agency that runs the check and as the law requires. Your photo is used for your visitor badge.',
      '',
      'Summary of your rights: you have the right to be told if information in a background check was used against you, and to receive the name, address and telephone number of the agency that supplied it; to obtain a free copy of your report from that agency within 60 days of such a decision; to know what is in your file; and to dispute incomplete or inaccurate information with the agency, which must correct or delete information that is inaccurate, incomplete or cannot be verified. Before the District refuses your registration based in whole or in part on a report, it will give you a copy of the report and a chance to respond. You may have additional rights under the laws of your state.',
    ].join('\n'),
    authorizationText: [
      'Authorization',
      '',
      `I have read the disclosure above. I authorize ${clientName} and the consumer reporting agency it uses to obtain a background check about me, including a search of public sex-offender registries, ${vendor ? `for my registration as a vendor of ${typeName}` : `for my registration as ${typeName}`}. This authorization is valid for the duration of my registration, including its renewals, so that the District can repeat the check (for example, by watching the registries for new records) while I am registered.`,
      '',
      'I confirm that the information I gave on this form is true and complete. I understand that false or missing information may lead the District to refuse or end my registration.',
      '',
      'My typed name or drawn signature below has the same effect as a handwritten signature.',
    ].join('\n'),
  };
}

function spanish({ clientName, typeName, vendor }: ConsentOwner): ConsentTexts {
  return {
    disclosureText: [
      'Aviso sobre verificación de antecedentes',
      '',
      `${clientName} (el "Distrito") examina a ${vendor ? `las personas que vienen a sus escuelas a trabajar para ${typeName}` : `las personas que solicitan participar como ${typeName} en sus escuelas`}. Como parte de su registro, el Distrito puede obtener información sobre usted, incluido un informe del consumidor (verificación de antecedentes) de una agencia de informes del consumidor, y una búsqueda en los registros públicos de delincuentes sexuales (incluido el registro nacional de EE. UU., NSOPW, y los registros estatales).`,
      '',
      'La verificación puede incluir: la confirmación de su identidad y de sus domicilios anteriores; los registros estatales y nacionales de delincuentes sexuales; y los antecedentes penales disponibles en tribunales y organismos públicos. No incluye su historial de crédito.',
      '',
      'Cómo se usa su información: el Distrito usa la información que usted da en este formulario y los resultados de las verificaciones solo para decidir sobre su registro y para proteger a los estudiantes mientras usted está en la escuela (por ejemplo, para registrar su entrada en la recepción). La guardan el Distrito y sus proveedores de servicios, no se vende y solo se comparte con la agencia que hace la verificación y cuando la ley lo exige. Su foto se usa para su credencial de visitante.',
      '',
      'Resumen de sus derechos: usted tiene derecho a que se le informe si la información de una verificación de antecedentes se usó en su contra, y a recibir el nombre, la dirección y el teléfono de la agencia que la proporcionó; a obtener una copia gratuita de su informe de esa agencia dentro de los 60 días siguientes a esa decisión; a saber qué contiene su expediente; y a disputar ante la agencia la información incompleta o inexacta, que debe corregir o eliminar la información inexacta, incompleta o que no se pueda verificar. Antes de rechazar su registro total o parcialmente por un informe, el Distrito le dará una copia del informe y la oportunidad de responder. Es posible que tenga otros derechos según las leyes de su estado.',
    ].join('\n'),
    authorizationText: [
      'Autorización',
      '',
      `He leído el aviso anterior. Autorizo a ${clientName} y a la agencia de informes del consumidor que utiliza a obtener una verificación de mis antecedentes, incluida una búsqueda en los registros públicos de delincuentes sexuales, ${vendor ? `para mi registro como proveedor de ${typeName}` : `para mi registro como ${typeName}`}. Esta autorización es válida mientras dure mi registro, incluidas sus renovaciones, para que el Distrito pueda repetir la verificación (por ejemplo, vigilando los registros por si aparecen nuevos antecedentes) mientras esté registrado.`,
      '',
      'Confirmo que la información que di en este formulario es verdadera y completa. Entiendo que la información falsa o incompleta puede llevar al Distrito a rechazar o terminar mi registro.',
      '',
      'Mi nombre escrito o mi firma dibujada abajo tiene el mismo efecto que una firma manuscrita.',
    ].join('\n'),
  };
}
